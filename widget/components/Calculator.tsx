import { useEffect, useId, useState } from "react";
import type { CalendarDate } from "../../core/dates";
import { formatPercent } from "../../core/loan";
import type { Locale } from "../../core/locale";
import { fill, messagesFor } from "../../core/messages";
import { formatRupees } from "../../core/money";
import {
  clampLoanAmount,
  isInstalmentTerm,
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  representativeTerms,
  termGridIndex,
  termMonths,
} from "../../core/product";
import { type LoanSelection, representativeQuote } from "../loan-selection";
import { QuoteFigures } from "./QuoteFigures";

export interface CalculatorProps {
  locale: Locale;
  selection: LoanSelection;
  onSelectionChange(selection: LoanSelection): void;
  /** The day the money would arrive, in Colombo; passed in so server and browser agree. */
  today: CalendarDate;
}

/**
 * Amount and period sliders, an amount field, and the loan's figures, all
 * computed by core/ from a representative example's terms. Controlled: the
 * owner keeps the selection. React public API only (preact/compat runs it).
 */
export function Calculator({ locale, selection, onSelectionChange, today }: CalculatorProps) {
  const t = messagesFor(locale);
  const id = useId();
  const quote = representativeQuote(selection, today);
  const amountText = formatRupees(selection.amount);
  const periodText = fill(isInstalmentTerm(selection.termDays) ? t.periodMonths : t.periodValue, {
    days: selection.termDays,
    months: termMonths(selection.termDays),
  });

  return (
    <section className="lw-calculator" part="calculator" aria-label={t.calculatorLabel}>
      <div className="lw-field">
        <div className="lw-row">
          <label htmlFor={`${id}-amount`} className="lw-label">
            {t.loanAmount}
          </label>
          <AmountInput
            id={`${id}-amount-input`}
            label={t.loanAmountInput}
            hintId={`${id}-amount-hint`}
            amount={selection.amount}
            onAmount={(amount) => onSelectionChange({ ...selection, amount })}
          />
        </div>
        <input
          id={`${id}-amount`}
          className="lw-slider"
          part="slider"
          type="range"
          min={LOAN_AMOUNT_LK.min}
          max={LOAN_AMOUNT_LK.max}
          step={LOAN_AMOUNT_LK.step}
          value={selection.amount}
          aria-valuetext={amountText}
          onChange={(event) =>
            onSelectionChange({ ...selection, amount: Number(event.currentTarget.value) })
          }
        />
        <p id={`${id}-amount-hint`} className="lw-bounds">
          {fill(t.loanAmountHint, {
            min: formatRupees(LOAN_AMOUNT_LK.min),
            max: formatRupees(LOAN_AMOUNT_LK.max),
          })}
        </p>
      </div>

      <div className="lw-field">
        <div className="lw-row">
          <label htmlFor={`${id}-period`} className="lw-label">
            {t.loanPeriod}
          </label>
          <output htmlFor={`${id}-period`} className="lw-value">
            {periodText}
          </output>
        </div>
        <input
          id={`${id}-period`}
          className="lw-slider"
          part="slider"
          type="range"
          min={0}
          max={LOAN_TERM_GRID.length - 1}
          step={1}
          value={termGridIndex(selection.termDays)}
          aria-valuetext={periodText}
          onChange={(event) =>
            onSelectionChange({
              ...selection,
              termDays: LOAN_TERM_GRID[Number(event.currentTarget.value)] ?? selection.termDays,
            })
          }
        />
      </div>

      <dl className="lw-indicators" part="indicators" aria-label={t.indicatorsLabel}>
        <div>
          <dt>{t.loanAmount}</dt>
          <dd data-figure="amount">{amountText}</dd>
        </div>
        <QuoteFigures locale={locale} quote={quote} />
      </dl>
      <p className="lw-note">
        {fill(t.representativeExample, {
          rate: formatPercent(representativeTerms(selection.termDays).annualInterestRate),
        })}
      </p>
    </section>
  );
}

interface AmountInputProps {
  id: string;
  label: string;
  hintId: string;
  amount: number;
  onAmount(amount: number): void;
}

/**
 * Typing "7" on the way to "75000" must not snap to the minimum, so the
 * field keeps its own text while focused and hands over a clamped amount
 * only once the text is a whole number within bounds (or on leaving it).
 */
function AmountInput({ id, label, hintId, amount, onAmount }: AmountInputProps) {
  const [text, setText] = useState(String(amount));
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!editing) setText(String(amount));
  }, [amount, editing]);

  const commit = (value: string) => {
    const digits = value.replace(/[^\d]/g, "");
    const next = clampLoanAmount(digits === "" ? amount : Number(digits));
    setText(String(next));
    onAmount(next);
  };

  return (
    <span className="lw-amount-field">
      <span aria-hidden="true">Rs.</span>
      <input
        id={id}
        className="lw-amount-input"
        part="amount-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-describedby={hintId}
        value={text}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          const number = Number(value.replace(/[^\d]/g, ""));
          if (number >= LOAN_AMOUNT_LK.min && number <= LOAN_AMOUNT_LK.max) {
            onAmount(clampLoanAmount(number));
          }
        }}
        onBlur={(event) => {
          setEditing(false);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(event.currentTarget.value);
        }}
      />
    </span>
  );
}
