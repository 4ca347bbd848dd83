import type { CalendarDate } from "../../../core/dates";
import type { Locale } from "../../../core/locale";
import { applicationMessagesFor, siteMessagesFor } from "../../messages";
import { TextField } from "./fields";
import { StepTitle } from "./StepTitle";
import type { ApplicationForm } from "./use-application-form";

/** The second step: who is applying and how to reach them. */
export function AboutYouStep({
  locale,
  today,
  form,
  hidden,
}: {
  locale: Locale;
  today: CalendarDate;
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
        type="text"
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={100}
      />
      <TextField
        {...form.bind("nic")}
        hint={a.nicHint}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={14}
      />
      <TextField
        {...form.bind("birthDate")}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={today}
      />
      <TextField
        {...form.bind("phone")}
        hint={t.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={16}
      />
      <TextField
        {...form.bind("email")}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
      />
    </fieldset>
  );
}
