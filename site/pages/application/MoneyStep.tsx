import { DISTRICTS, EMPLOYMENT_TYPES } from "../../../core/domain/application";
import { BANK_CODES, BANKS } from "../../../core/domain/banks";
import { applicationMessagesFor } from "../../messages";
import { RadioField, SelectField, TextField } from "./fields";
import { Step, type StepProps } from "./Step";

/** The third step: income, work, the bank the loan is paid into, the district. */
export function MoneyStep({ locale, form, hidden }: StepProps) {
  const a = applicationMessagesFor(locale);
  return (
    <Step step={2} title={a.stepMoney} hidden={hidden}>
      <TextField
        {...form.bind("monthlyIncome")}
        hint={a.incomeHint}
        why={a.incomeWhy}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        // Room for a pasted "10,000,000"; the field keeps the digits only.
        maxLength={13}
      />
      <RadioField
        {...form.bind("employment")}
        why={a.employmentWhy}
        options={EMPLOYMENT_TYPES.map((code) => [code, a[`employment:${code}`]] as const)}
      />
      <SelectField
        {...form.bind("bank")}
        hint={a.bankHint}
        placeholder={a.choose}
        options={BANK_CODES.map((code) => [code, BANKS[code][locale]] as const)}
      />
      <SelectField
        {...form.bind("district")}
        why={a.districtWhy}
        placeholder={a.choose}
        options={DISTRICTS.map((district) => [district, a[`district:${district}`]] as const)
          // Plain comparison, not Intl: server and browser must sort alike (Sinhala's block is in alphabet order).
          .sort(([, one], [, other]) => (one < other ? -1 : one > other ? 1 : 0))}
      />
    </Step>
  );
}
