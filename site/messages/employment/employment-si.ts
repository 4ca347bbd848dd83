import type { employmentEn } from "./employment-en";

/**
 * The kinds of employment in Sinhala, and their label: the application form and the
 * eligibility page ask the same question in the same words.
 */
export const employmentSi = {
  employmentLabel: "රැකියාව",
  "employment:salaried": "වැටුප් ලබන සේවකයෙක්",
  "employment:self-employed": "ස්වයං රැකියා",
  "employment:business-owner": "ව්‍යාපාර හිමිකරු",
  "employment:pensioner": "විශ්‍රාම වැටුප් ලාභියෙක්",
  "employment:other": "වෙනත්",
} satisfies typeof employmentEn;
