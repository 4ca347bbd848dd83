/**
 * Five stars, the first `value` (rounded) filled and the rest outlined.
 * With a label it is an image of that name ("4 out of 5 stars"); without,
 * it is decoration beside a text that says the same.
 */
export function Stars({ value, label }: { value: number; label?: string }) {
  const on = Math.min(5, Math.max(0, Math.round(value)));
  const stars = "★".repeat(on) + "☆".repeat(5 - on);
  return label ? (
    <span className="stars" role="img" aria-label={label}>
      {stars}
    </span>
  ) : (
    <span className="stars" aria-hidden="true">
      {stars}
    </span>
  );
}
