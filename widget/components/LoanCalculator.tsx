import { useId, useState } from "react";
import type { Locale } from "../../core/locale";
import { messagesFor } from "../../core/messages";
import { formatRupees } from "../../core/money";
import { clampLoanAmount, LOAN_AMOUNT_LK } from "../../core/product";

export interface LoanCalculatorProps {
  locale: Locale;
  /** Starting amount in rupees; brought inside the product bounds. */
  initialAmount?: number | undefined;
}

/**
 * The loan calculator shared by the widget and the site. Written against
 * React's public API only, so that preact/compat renders it too.
 * This first cut has the amount; the period and the computed figures
 * (issue 3) slot in here.
 */
export function LoanCalculator({ locale, initialAmount }: LoanCalculatorProps) {
  const t = messagesFor(locale);
  const inputId = useId();
  const [amount, setAmount] = useState(() =>
    clampLoanAmount(initialAmount ?? LOAN_AMOUNT_LK.default),
  );
  const amountText = formatRupees(amount);

  return (
    <div className="lw-calculator">
      <div className="lw-row">
        <label htmlFor={inputId} className="lw-label">
          {t.loanAmount}
        </label>
        <output htmlFor={inputId} className="lw-amount">
          {amountText}
        </output>
      </div>
      <input
        id={inputId}
        className="lw-slider"
        type="range"
        min={LOAN_AMOUNT_LK.min}
        max={LOAN_AMOUNT_LK.max}
        step={LOAN_AMOUNT_LK.step}
        value={amount}
        aria-valuetext={amountText}
        onChange={(event) => setAmount(clampLoanAmount(Number(event.currentTarget.value)))}
      />
      <div className="lw-bounds" aria-hidden="true">
        <span>{formatRupees(LOAN_AMOUNT_LK.min)}</span>
        <span>{formatRupees(LOAN_AMOUNT_LK.max)}</span>
      </div>
    </div>
  );
}
