/**
 * Our own small icons (issue 17), inline SVG on a 24-unit grid drawn with
 * the current text colour: no icon font, no other host. They are
 * decorative: the text beside each one says what it means.
 */
const PATHS = {
  shield: "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zm-3.5 9l2.5 2.5 4.5-5",
  lock: "M6 11h12v10H6zm3 0V8a3 3 0 016 0v3m-3 4v2",
  check: "M5 12.5l4.5 4.5L19 7.5",
  phone:
    "M6.5 3.5h3l1.5 4-2 1.5a11 11 0 006 6l1.5-2 4 1.5v3a2 2 0 01-2 2A16 16 0 014.5 5.5a2 2 0 012-2z",
  chat: "M4 20l1.3-4A8 8 0 1112 20a8 8 0 01-3.8-1zM9 10h6m-6 3h4",
  info: "M12 21a9 9 0 110-18 9 9 0 010 18zm0-10v6m0-9v.5",
  arrow: "M5 12h14m-5-5l5 5-5 5",
  mail: "M3 6h18v12H3zm0 0l9 7 9-7",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Our mark: a rounded square with an N whose last stroke rises to a gold dot, the best offer. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path
        d="M9 23V10l11 13V12"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23.5" cy="8.5" r="3" fill="var(--color-highlight)" />
    </svg>
  );
}

/**
 * The wordmark: the brand's name (decision 0023: only in `siteName`), its
 * last capitalised word in the brand colour; read as one word.
 */
export function Wordmark({ name }: { name: string }) {
  const cut = name.search(/(?<=.)[A-Z][^A-Z]*$/);
  return cut > 0 ? (
    <span className="wordmark">
      {name.slice(0, cut)}
      <span>{name.slice(cut)}</span>
    </span>
  ) : (
    <span className="wordmark">{name}</span>
  );
}
