/**
 * What a sandbox lender's Tamil name adds to its English one (issue 20),
 * like behaviours.ts's "(පරීක්ෂණ)" for Sinhala. Not yet used: when `ta`
 * becomes a locale, behaviours.ts's `names` gains `ta: sandboxNameTa(name)`.
 */
export function sandboxNameTa(name: string): string {
  return `${name} (சோதனை)`;
}
