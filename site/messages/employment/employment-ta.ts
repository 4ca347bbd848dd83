import type { employmentEn } from "./employment-en";

/**
 * The kinds of employment in Tamil, and their label: the application form and the
 * eligibility page ask the same question in the same words.
 */
export const employmentTa = {
  employmentLabel: "தொழில்",
  "employment:salaried": "சம்பளம் பெறும் ஊழியர்",
  "employment:self-employed": "சுயதொழில் செய்பவர்",
  "employment:business-owner": "வியாபார உரிமையாளர்",
  "employment:pensioner": "ஓய்வூதியர்",
  "employment:other": "ஏனையவை",
} satisfies typeof employmentEn;
