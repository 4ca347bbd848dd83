import { useId, useState } from "react";
import { formatPercent } from "../../core/domain/loan";
import { regularPayment } from "../../core/domain/offer-quotes";
import {
  type AmountProblem,
  isInstalmentTerm,
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  parseLoanAmount,
  representativeTerms,
  termGridIndex,
  termMonths,
} from "../../core/domain/product";
import type { CalendarDate } from "../../core/helpers/dates";
import { formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import type { Locale } from "../../core/locale";
import { fill, messagesFor } from "../../core/messages";
import { type LoanSelection, representativeQuote } from "../loan-selection";

export interface CalculatorProps {
  locale: Locale;
  selection: LoanSelection;
  onSelectionChange(selection: LoanSelection): void;
  /** The day the money would arrive, in Colombo; passed in so server and browser agree. */
  today: CalendarDate;
}

/**
 * An amount field and slider, a period slider on the short term grid
 * (decision 0175), and the representative example's figures, all computed
 * by core/: the monthly instalment (or, for one repayment, the total) large,
 * then interest, fees, total, APR and the last date, and one line on why
 * the APR differs from the yearly rate. A typed amount that cannot be used
 * keeps its text and says why beside the field (decision 0176). Controlled:
 * the owner keeps the selection. React public API only (preact/compat runs it in the widget).
 */
export function Calculator({ locale, selection, onSelectionChange, today }: CalculatorProps) {
  const t = messagesFor(locale);
  const id = useId();
  // What the visitor typed, and the amount it was typed against: a new amount
  // from elsewhere (the slider, the owner) makes it, and its problem, stale.
  const [typed, setTyped] = useState<{ text: string; amount: number }>();
  const [problem, setProblem] = useState<AmountProblem>();
  const current = typed?.amount === selection.amount ? typed : undefined;
  const shownProblem = current && problem;

  const quote = representativeQuote(selection, today);
  const monthly = isInstalmentTerm(selection.termDays);
  const rupees = formatRupees;
  const min = rupees(LOAN_AMOUNT_LK.min);
  const max = rupees(LOAN_AMOUNT_LK.max);
  const periodText = fill(monthly ? t.periodMonths : t.periodValue, {
    days: selection.termDays,
    months: termMonths(selection.termDays),
  });
  const setAmount = (amount: number) => onSelectionChange({ ...selection, amount });
  /** Checks the text; a usable amount is taken at once, a problem shown when asked to. */
  const check = (text: string, show: boolean) => {
    const result = parseLoanAmount(text);
    const usable = typeof result === "number";
    setTyped({ text, amount: usable ? result : selection.amount });
    if (usable) {
      setProblem(undefined);
      setAmount(result);
    } else if (show || shownProblem) setProblem(result);
  };
  const errorId = `${id}-error`;
  const figures: [string, string, number | string][] = [
    monthly
      ? [t.monthlyInstalment, "instalment", regularPayment(quote)]
      : [t.totalToPay, "total", quote.total],
    [t.loanAmount, "amount", selection.amount],
    [t.interestLabel, "interest", quote.interest],
    [t.feesLabel, "fees", quote.fees],
    ...(monthly ? [[t.totalToPay, "total", quote.total] as [string, string, number]] : []),
    [t.aprLabel, "apr", formatPercent(quote.apr)],
    [t.returnDate, "return-date", formatDate(quote.returnDate)],
  ];

  return (
    <section className="lw-calculator" part="calculator" aria-label={t.calculatorLabel}>
      <div className="lw-field">
        <div className="lw-row">
          <label htmlFor={`${id}-amount`} className="lw-label">
            {t.loanAmount}
          </label>
          <span className="lw-amount-field">
            <span aria-hidden="true">Rs.</span>
            <input
              id={`${id}-amount-input`}
              className="lw-amount-input"
              part="amount-input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t.loanAmountInput}
              aria-describedby={shownProblem ? `${errorId} ${id}-hint` : `${id}-hint`}
              aria-invalid={shownProblem ? true : undefined}
              value={current ? current.text : String(selection.amount)}
              onChange={(event) => check(event.currentTarget.value, false)}
              onBlur={(event) => check(event.currentTarget.value, true)}
              onKeyDown={(event) => {
                if (event.key === "Enter") check(event.currentTarget.value, true);
              }}
            />
          </span>
        </div>
        {shownProblem ? (
          <p id={errorId} className="lw-warning" part="error" role="alert">
            {fill(t[`amount:${shownProblem}`], { min, max })}
          </p>
        ) : null}
        <input
          id={`${id}-amount`}
          className="lw-slider"
          part="slider"
          type="range"
          min={LOAN_AMOUNT_LK.min}
          max={LOAN_AMOUNT_LK.max}
          step={LOAN_AMOUNT_LK.step}
          value={selection.amount}
          aria-valuetext={rupees(selection.amount)}
          onChange={(event) => setAmount(Number(event.currentTarget.value))}
        />
        <p id={`${id}-hint`} className="lw-bounds">
          {fill(t.loanAmountHint, { min, max })}
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
        {figures.map(([label, name, value], index) => (
          <div key={name} className={index ? undefined : "lw-lead"}>
            <dt>{label}</dt>
            <dd data-figure={name}>{typeof value === "number" ? rupees(value) : value}</dd>
          </div>
        ))}
      </dl>
      <p className="lw-note">
        {fill(t.representativeExample, {
          rate: formatPercent(representativeTerms(selection.termDays).annualInterestRate),
          apr: formatPercent(quote.apr),
        })}
      </p>
    </section>
  );
}
