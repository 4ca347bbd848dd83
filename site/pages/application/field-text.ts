import { applicationErrorKey } from "../../../core/domain/application";
import type { Locale } from "../../../core/locale";
import { applicationMessagesFor, siteMessagesFor } from "../../messages";
import type { FieldPath } from "./application-form";

/** Each field's name as its label and the error summary show it. */
export function fieldLabels(locale: Locale): Record<FieldPath, string> {
  const t = siteMessagesFor(locale);
  const a = applicationMessagesFor(locale);
  return {
    amount: t.loanAmount,
    term: t.loanPeriod,
    purpose: a.purposeLabel,
    fullName: a.fullNameLabel,
    nic: a.nicLabel,
    birthDate: a.birthDateLabel,
    phone: t.phoneLabel,
    email: t.emailLabel,
    monthlyIncome: a.incomeLabel,
    employment: a.employmentLabel,
    bank: a.bankLabel,
    district: a.districtLabel,
    "consents.terms": a.consentsLegend,
    "consents.shareWithLenders": a.consentsLegend,
    "consents.marketing": a.consentsLegend,
  };
}

/** An English APPLICATION_ERRORS text in the visitor's language. */
export function problemText(locale: Locale, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const a = applicationMessagesFor(locale);
  const key = applicationErrorKey(message);
  return key ? a[`applicationError:${key}`] : a.fieldInvalid;
}
