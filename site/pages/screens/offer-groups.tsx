import { type ReactNode, useId } from "react";

/** A heading, the offers under it, then a note (the first row stays high on a phone); nothing without offers. */
export function OfferGroup({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode[];
}) {
  const id = useId();
  if (children.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="lw-title">
        {title}
      </h2>
      <ul className="lw-offer-list">{children}</ul>
      {note ? <p className="lw-note">{note}</p> : null}
    </section>
  );
}

/** Lenders that said no or did not answer, by name, without a reason and without blame. */
export function DecisionsSummary({ lines, note }: { lines: string[]; note: string }) {
  const said = lines.filter(Boolean);
  if (said.length === 0) return null;
  return (
    <div className="decisions-summary">
      {said.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="lw-note">{note}</p>
    </div>
  );
}

/**
 * A group's heading that says what it shows (decision 0361): "6 pre-approved
 * offers", or "Top 3 of 6 pre-approved offers" when the first rows hide some.
 */
export function groupTitle(
  fill: (text: string, values: Record<string, string | number>) => string,
  count: number,
  shown: number,
  [one, other, top]: readonly [string, string, string],
): string {
  if (shown < count) return fill(top, { shown, count });
  return count === 1 ? one : fill(other, { count });
}
