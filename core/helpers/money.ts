/**
 * Sri Lankan rupee amounts as SPEC §9 writes them: "Rs. 50,000", the symbol
 * before the amount and a comma between thousands, in both languages.
 * Intl's grouping is not used: en-LK and si-LK disagree across ICU versions,
 * and the server and the browser must print the same text (hydration).
 */
export function formatRupees(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const rupees = Math.round(Math.abs(amount));
  const grouped = groupThousands(rupees);
  return amount < 0 && rupees !== 0 ? `-Rs. ${grouped}` : `Rs. ${grouped}`;
}

/** "1,234": a whole, non-negative count grouped as the rupee amounts are. */
export function groupThousands(count: number): string {
  return String(Math.max(0, Math.round(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
