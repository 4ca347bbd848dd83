import type { Locale } from "../../../core/locale";
import { applicationMessagesFor, siteMessagesFor } from "../../messages";
import { TextField } from "./fields";
import { StepTitle } from "./StepTitle";
import type { ApplicationForm } from "./use-application-form";

/** The second step: who is applying and how to reach them. */
export function AboutYouStep({
  locale,
  form,
  hidden,
}: {
  locale: Locale;
  form: ApplicationForm;
  hidden: boolean;
}) {
  const t = siteMessagesFor(locale);
  const a = applicationMessagesFor(locale);
  return (
    <fieldset className="application-group" hidden={hidden}>
      <StepTitle step={1} text={a.stepAboutYou} />
      <TextField
        {...form.bind("fullName")}
        hint={a.fullNameHint}
        why={a.fullNameWhy}
        type="text"
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={100}
      />
      <TextField
        {...form.bind("nic")}
        hint={a.nicHint}
        why={a.nicWhy}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={14}
      />
      {/*
       * A text field, not type=date: the browser's date field writes mm/dd/yyyy in an
       * English browser, on a page that writes dd/mm/yyyy (decision 0195). Digits only;
       * the form writes the slashes.
       */}
      <TextField
        {...form.bind("birthDate")}
        hint={a.birthDateHint}
        why={a.birthDateWhy}
        type="text"
        inputMode="numeric"
        autoComplete="bday"
        spellCheck={false}
        maxLength={10}
      />
      {/* The status line comes with the first character of a NIC: nothing to say before. */}
      {form.state.values.nic === "" ? null : (
        <p className="visually-hidden" role="status">
          {form.nicStatus}
        </p>
      )}
      <TextField
        {...form.bind("phone")}
        hint={t.phoneHint}
        why={a.phoneWhy}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={16}
      />
      <TextField
        {...form.bind("email")}
        why={a.emailWhy}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
      />
    </fieldset>
  );
}
