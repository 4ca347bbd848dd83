import type { BankCode } from "./banks";

/**
 * The banks of the application's list by their Tamil names, as the banks
 * write them in Sri Lanka (issue 20). Not yet used: when `ta` becomes a
 * locale these become the `ta` of each entry of BANKS (docs/tamil-wiring.md).
 */
export const BANK_NAMES_TA = {
  boc: "இலங்கை வங்கி",
  peoples: "மக்கள் வங்கி",
  commercial: "கொமர்ஷல் வங்கி",
  hnb: "ஹட்டன் நஷனல் வங்கி",
  sampath: "சம்பத் வங்கி",
  seylan: "செலான் வங்கி",
  ndb: "தேசிய அபிவிருத்தி வங்கி",
  ntb: "நேஷன்ஸ் ட்ரஸ்ட் வங்கி",
  dfcc: "DFCC வங்கி",
  nsb: "தேசிய சேமிப்பு வங்கி",
  other: "வேறொரு வங்கி",
} as const satisfies Record<BankCode, string>;
