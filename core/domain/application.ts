import { messageKey } from "../helpers/api-error";

/**
 * The codes an application uses (issue 5): lower-case, stable, shared by
 * our form, the API and partners. Names for people are in the catalogs.
 */

/** SPEC §2's loan purposes, in the order the home page's tiles show them. */
export const LOAN_PURPOSES = [
  "consolidate-loans",
  "credit-card-arrears",
  "medical",
  "rent",
  "car-repair",
  "home-repair",
  "vacation",
  "other",
] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];

export const EMPLOYMENT_TYPES = [
  "salaried",
  "self-employed",
  "business-owner",
  "pensioner",
  "other",
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Sri Lanka's 25 administrative districts, by their English names, by province. */
export const DISTRICTS = [
  "Colombo",
  "Gampaha",
  "Kalutara",
  "Kandy",
  "Matale",
  "Nuwara Eliya",
  "Galle",
  "Matara",
  "Hambantota",
  "Jaffna",
  "Kilinochchi",
  "Mannar",
  "Vavuniya",
  "Mullaitivu",
  "Batticaloa",
  "Ampara",
  "Trincomalee",
  "Kurunegala",
  "Puttalam",
  "Anuradhapura",
  "Polonnaruwa",
  "Badulla",
  "Monaragala",
  "Ratnapura",
  "Kegalle",
] as const;
export type District = (typeof DISTRICTS)[number];

/** The highest monthly income we take, in rupees: above it a typo is likelier than a salary. */
export const MAX_MONTHLY_INCOME = 10_000_000;

/** A partner's own codes on its traffic: sub ids and campaign (utm) values. */
export const PARTNER_CODES = [
  "sub1",
  "sub2",
  "sub3",
  "sub4",
  "sub5",
  "sub6",
  "sub7",
  "sub8",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
] as const;
export type PartnerCode = (typeof PARTNER_CODES)[number];

/** Attribution that may come with an application (the widget, a partner, a campaign). */
export const ATTRIBUTION_FIELDS = [
  "partner",
  ...PARTNER_CODES,
  "traffic_type",
  // The host name of the partner's page a widget ran on (decision 0256): the widget's links add it.
  "widget_domain",
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** An attribution value is an id or a code, never free text (nor personal data). */
export const ATTRIBUTION_VALUE_PATTERN = /^[\w.:~-]{1,100}$/;

/**
 * A value that reads as an e-mail, a phone number (9 to 15 digits, with or
 * without +, separators ignored: any Sri Lankan mobile) or an NIC (old or
 * new) is personal data, whatever key it came in.
 */
export function looksPersonal(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, "");
  return value.includes("@") || /^\+?\d{9,15}$/.test(compact) || /^\d{9}[vx]$/i.test(compact);
}

/** What events and the marketing cookies take as a campaign value: a code that is not personal data. */
export function isAttributionCode(value: string): boolean {
  return ATTRIBUTION_VALUE_PATTERN.test(value) && !looksPersonal(value);
}

/**
 * What each validation problem says, in English: the API's `fields` carry
 * these texts, and the form maps them to its catalog (`applicationError:*`)
 * to show them in the visitor's language.
 */
export const APPLICATION_ERRORS = {
  required: "This field is required",
  amount: "Choose an amount from Rs. 5,000 to Rs. 200,000",
  term: "Choose a term from the list",
  purpose: "Choose what the loan is for",
  fullName: "Enter your full name as on your NIC (letters only)",
  nic: "Enter a valid NIC number (9 digits and V or X, or 12 digits)",
  nicBirthDay: "This NIC number does not contain a real birth date",
  nicMismatch: "The NIC number does not match your date of birth",
  /** The same mismatch, said on the date when the visitor changed the date last (the form only). */
  birthDateMismatch: "This date is not the birth date in your NIC number",
  birthDate: "Enter your date of birth",
  tooYoung: "You must be at least 18 to apply",
  tooOld: "Our lenders accept applicants up to 70 years old",
  phone: "Enter a valid phone number",
  email: "Enter a valid email address",
  income: "Enter your monthly income in rupees",
  employment: "Choose your employment type",
  bank: "Choose your bank",
  district: "Choose your district",
  consentTerms: "You must accept the terms and the privacy policy",
  consentShare: "We can only show offers if you agree to share your application with the lenders",
  attribution: "Attribution values are short codes",
  promoCode: "A promo code is six digits, 100000 to 999999",
  experimentFlow: "Unknown experiment flow",
} as const;
export type ApplicationErrorKey = keyof typeof APPLICATION_ERRORS;

/** The key of an English error text, for showing it in the visitor's language. */
export function applicationErrorKey(message: string): ApplicationErrorKey | undefined {
  return messageKey(APPLICATION_ERRORS, message);
}
