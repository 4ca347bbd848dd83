import { applicationMessagesFor, siteMessagesFor } from "../../messages";
import { TextField } from "./fields";
import { Step, type StepProps } from "./Step";

/** The second step: who is applying and how to reach them. */
export function AboutYouStep({ locale, form, hidden }: StepProps) {
  const t = siteMessagesFor(locale);
  const a = applicationMessagesFor(locale);
  return (
    <Step step={1} title={a.stepAboutYou} hidden={hidden}>
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
    </Step>
  );
}
