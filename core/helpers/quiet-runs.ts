/**
 * Runs of quiet items folded into one line (the lender portal's statistics, decision 0419;
 * the funnel's days, decision 0443): an item that is not quiet stays as it is, a run of two
 * quiet items or more becomes one fold naming its first and last, a lone quiet item stays.
 * The order is the list's.
 */
export type FoldedRun<Item> =
  | { kind: "item"; item: Item }
  | { kind: "quiet"; first: Item; last: Item; count: number };

export function foldQuietRuns<Item>(
  items: readonly Item[],
  isQuiet: (item: Item) => boolean,
): FoldedRun<Item>[] {
  const folded: FoldedRun<Item>[] = [];
  let run: Item[] = [];
  const endRun = () => {
    const [first] = run;
    const last = run[run.length - 1];
    if (run.length >= 2 && first !== undefined && last !== undefined) {
      folded.push({ kind: "quiet", first, last, count: run.length });
    } else if (first !== undefined) {
      folded.push({ kind: "item", item: first });
    }
    run = [];
  };
  for (const item of items) {
    if (isQuiet(item)) {
      run.push(item);
      continue;
    }
    endRun();
    folded.push({ kind: "item", item });
  }
  endRun();
  return folded;
}
