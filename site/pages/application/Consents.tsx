import { Fragment, type ReactNode } from "react";
import { type Locale, localizePath } from "../../../core/locale";
import { applicationMessagesFor } from "../../messages";
import { CheckboxField } from "./fields";
import type { ApplicationForm } from "./use-application-form";

/** "{terms}" in a text becomes the element given for it. */
function withElements(template: string, elements: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/)
    .map((part, index) =>
      index % 2 === 1 ? <Fragment key={part}>{elements[part]}</Fragment> : part,
    );
}

/** The consent boxes, each separate and unticked; marketing is optional. */
export function Consents({ locale, form }: { locale: Locale; form: ApplicationForm }) {
  const a = applicationMessagesFor(locale);
  const newTab = (path: string, text: string) => (
    <a href={localizePath(locale, path)} target="_blank" rel="noopener">
      {text}
      <span className="visually-hidden"> {a.newTab}</span>
    </a>
  );
  return (
    <fieldset className="application-consents">
      <legend>{a.consentsLegend}</legend>
      <CheckboxField
        {...form.bind("consents.terms")}
        label={withElements(a.consentTerms, {
          terms: newTab("/terms-and-conditions/", a.consentTermsLink),
          privacy: newTab("/privacy-policy/", a.consentPrivacyLink),
        })}
      />
      <CheckboxField {...form.bind("consents.shareWithLenders")} label={a.consentShare} />
      <CheckboxField {...form.bind("consents.marketing")} label={a.consentMarketing} />
    </fieldset>
  );
}
