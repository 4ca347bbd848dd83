import type { ReactNode } from "react";

/** A cell of a row: its column's name, its value, and how it is set (figures to the right). */
export interface LabelledCell {
  label: string;
  value: ReactNode;
  kind?: "number" | "id" | "absent";
}

/**
 * A table row's cells after its heading, each carrying its column's name:
 * on a phone operator.css shows each row of a `table.row-cards` as a card,
 * a cell a line with its name before it (the lender portal, the funnel).
 */
export function LabelledCells({ cells }: { cells: readonly LabelledCell[] }) {
  return (
    <>
      {cells.map((cell) => (
        <td key={cell.label} className={cell.kind} data-label={cell.label}>
          {cell.value}
        </td>
      ))}
    </>
  );
}
