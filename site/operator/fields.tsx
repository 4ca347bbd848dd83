/**
 * The form pieces both signed-in areas use (the back office and the partner
 * portal): the CSRF field, the read-out problem and notice, a field's
 * problem, and the second factor's QR code.
 */
import type { ReactNode } from "react";

/** The session's CSRF token, in every form that changes something. */
export function CsrfField({ csrf }: { csrf: string }) {
  return <input type="hidden" name="csrf" value={csrf} />;
}

/** A problem with what was sent, read out at once. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <p className="alert" role="alert">
      {children}
    </p>
  );
}

/** The outcome of the last change, read out politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** A field's problem beside it, named by `<id>-error` for its aria-describedby. */
export function FieldError({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <span className="field-error" id={`${id}-error`}>
      {problem}
    </span>
  ) : null;
}

/** The QR code as SVG squares: one path, no script, no image request. */
export function QrCode({ rows, label }: { rows: readonly string[]; label: string }) {
  const size = rows.length;
  const path = rows
    .flatMap((row, y) => [...row].map((module, x) => (module === "1" ? `M${x} ${y}h1v1h-1z` : "")))
    .join("");
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
