import type { Locale } from "../locale";
import { BANK_NAMES_TA } from "./banks-ta";

/** The banks' codes, spelled out so that banks-ta.ts can be checked against them without a cycle. */
export type BankCode =
  | "boc"
  | "peoples"
  | "commercial"
  | "hnb"
  | "sampath"
  | "seylan"
  | "ndb"
  | "ntb"
  | "dfcc"
  | "nsb"
  | "other";

/**
 * Licensed commercial and savings banks where most Sri Lankans hold their
 * accounts, by the short codes the application uses (issue 5), with their
 * names in all three languages. "other" covers every bank not listed.
 */
export const BANKS = {
  boc: { en: "Bank of Ceylon", si: "ලංකා බැංකුව", ta: BANK_NAMES_TA.boc },
  peoples: { en: "People's Bank", si: "මහජන බැංකුව", ta: BANK_NAMES_TA.peoples },
  commercial: { en: "Commercial Bank of Ceylon", si: "කොමර්ෂල් බැංකුව", ta: BANK_NAMES_TA.commercial },
  hnb: { en: "Hatton National Bank", si: "හැටන් නැෂනල් බැංකුව", ta: BANK_NAMES_TA.hnb },
  sampath: { en: "Sampath Bank", si: "සම්පත් බැංකුව", ta: BANK_NAMES_TA.sampath },
  seylan: { en: "Seylan Bank", si: "සෙලාන් බැංකුව", ta: BANK_NAMES_TA.seylan },
  ndb: { en: "National Development Bank", si: "ජාතික සංවර්ධන බැංකුව", ta: BANK_NAMES_TA.ndb },
  ntb: { en: "Nations Trust Bank", si: "නේෂන්ස් ට්‍රස්ට් බැංකුව", ta: BANK_NAMES_TA.ntb },
  dfcc: { en: "DFCC Bank", si: "DFCC බැංකුව", ta: BANK_NAMES_TA.dfcc },
  nsb: { en: "National Savings Bank", si: "ජාතික ඉතිරිකිරීමේ බැංකුව", ta: BANK_NAMES_TA.nsb },
  other: { en: "Another bank", si: "වෙනත් බැංකුවක්", ta: BANK_NAMES_TA.other },
} as const satisfies Record<BankCode, Record<Locale, string>>;

export const BANK_CODES = Object.keys(BANKS) as BankCode[];

export function isBankCode(code: string): code is BankCode {
  return Object.hasOwn(BANKS, code);
}
