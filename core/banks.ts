import type { Locale } from "./locale";

/**
 * Licensed commercial and savings banks where most Sri Lankans hold their
 * accounts, by the short codes the application uses (issue 5), with their
 * names in both languages. "other" covers every bank not listed.
 */
export const BANKS = {
  boc: { en: "Bank of Ceylon", si: "ලංකා බැංකුව" },
  peoples: { en: "People's Bank", si: "මහජන බැංකුව" },
  commercial: { en: "Commercial Bank of Ceylon", si: "කොමර්ෂල් බැංකුව" },
  hnb: { en: "Hatton National Bank", si: "හැටන් නැෂනල් බැංකුව" },
  sampath: { en: "Sampath Bank", si: "සම්පත් බැංකුව" },
  seylan: { en: "Seylan Bank", si: "සෙලාන් බැංකුව" },
  ndb: { en: "National Development Bank", si: "ජාතික සංවර්ධන බැංකුව" },
  ntb: { en: "Nations Trust Bank", si: "නේෂන්ස් ට්‍රස්ට් බැංකුව" },
  dfcc: { en: "DFCC Bank", si: "DFCC බැංකුව" },
  nsb: { en: "National Savings Bank", si: "ජාතික ඉතිරිකිරීමේ බැංකුව" },
  other: { en: "Another bank", si: "වෙනත් බැංකුවක්" },
} as const satisfies Record<string, Record<Locale, string>>;

export type BankCode = keyof typeof BANKS;

export const BANK_CODES = Object.keys(BANKS) as BankCode[];

export function isBankCode(code: string): code is BankCode {
  return Object.hasOwn(BANKS, code);
}
