/**
 * The kinds of employment in English, and their label: the application form and the
 * eligibility page ask the same question in the same words.
 */
export const employmentEn = {
  employmentLabel: "Employment",
  "employment:salaried": "Salaried employee",
  "employment:self-employed": "Self-employed",
  "employment:business-owner": "Business owner",
  "employment:pensioner": "Pensioner",
  "employment:other": "Other",
};
