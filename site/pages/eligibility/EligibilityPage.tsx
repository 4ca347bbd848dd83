import { useState } from "react";
import { EMPLOYMENT_TYPES } from "../../../core/domain/application";
import {
  bucketKey,
  bucketOf,
  type OddsView,
  oddsInTable,
} from "../../../core/domain/approval-odds";
import {
  type CriterionCheck,
  type LenderEligibility,
  LIKELIHOODS,
  lenderEligibility,
  parseEligibilityProfile,
} from "../../../core/domain/lender-eligibility";
import { formatPercent } from "../../../core/domain/loan";
import { lenderName } from "../../../core/domain/offers";
import { isInstalmentTerm, LOAN_TERM_GRID, termMonths } from "../../../core/domain/product";
import { formatRupees } from "../../../core/helpers/money";
import { localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { applicationUrl } from "../../../widget/apply-link";
import { ApprovalOdds } from "../../../widget/components/ApprovalOdds";
import { ProductName } from "../../components/ProductName";
import { siteMessagesFor } from "../../messages";
import type { EligibilityMessages } from "../../messages/eligibility";
import type { PageProps } from "../page";
import type { EligibilityAnswers, EligibilityPageView } from "./page.server";

type Copy = EligibilityMessages;

/** One criterion's line, in the page's language: what the lender publishes, met or not. */
function criterionText(check: CriterionCheck, c: Copy, employment: (code: string) => string) {
  switch (check.criterion) {
    case "amount":
      return fill(c.amountCriterion, {
        min: formatRupees(check.min),
        max: formatRupees(check.max),
      });
    case "term":
      return fill(c.termCriterion, { min: check.min, max: check.max });
    case "age":
      return fill(check.borderline ? c.ageBorderline : c.ageCriterion, {
        min: check.min,
        max: check.max,
      });
    case "income":
      return fill(
        check.met ? (check.borderline ? c.incomeBorderline : c.incomeCriterion) : c.incomeFailed,
        { min: formatRupees(check.min) },
      );
    case "employment":
      return fill(c.employmentCriterion, { list: check.allowed.map(employment).join(", ") });
  }
}

function LenderRow({
  answer,
  locale,
  copy,
  amount,
  termDays,
  odds,
}: {
  answer: LenderEligibility;
  locale: PageProps<unknown>["locale"];
  copy: Copy;
  amount: number;
  termDays: number;
  /** The lender's odds for the visitor's bucket, when enough answers stand behind them. */
  odds: OddsView | undefined;
}) {
  const { offer, likelihood, criteria, repayment } = answer.best;
  const name = lenderName(offer, locale);
  const nameLang = locale !== "en" && !offer.lender.names?.[locale] ? "en" : undefined;
  const employment = (code: string) => copy[`employment:${code}` as keyof Copy] ?? code;
  // The unmet criteria first: they are the answer's reason.
  const shown = [...criteria].sort((left, right) => Number(left.met) - Number(right.met));
  const href = applicationUrl({
    apiBase: "",
    locale,
    selection: { amount, termDays },
    offerId: offer.offer_id,
  });
  return (
    <li className="eligibility-row" data-likelihood={likelihood}>
      <div className="eligibility-row-head">
        <h3>
          <span lang={nameLang}>{name}</span>
          <ProductName offer={offer} locale={locale} className="eligibility-product" />
        </h3>
        <span className={`chip chip-${likelihood}`}>{copy[`likelihood:${likelihood}`]}</span>
      </div>
      <ul className="eligibility-reasons">
        {shown.map((check) => (
          <li key={check.criterion} data-met={check.met}>
            <span className="eligibility-mark">{check.met ? copy.met : copy.notMet}:</span>{" "}
            {criterionText(check, copy, employment)}
          </li>
        ))}
        {repayment ? (
          <li data-met={repayment.level !== "hard"}>
            {fill(repayment.monthly ? copy.repaymentMonthly : copy.repaymentOnce, {
              payment: formatRupees(repayment.payment),
              share: formatPercent(repayment.share),
            })}
            {" ("}
            {copy[`repayment:${repayment.level}`]})
          </li>
        ) : null}
      </ul>
      {odds ? <ApprovalOdds locale={locale} odds={odds} scope="like-you" assetBase="" /> : null}
      <a
        className={likelihood === "unlikely" ? "button-secondary" : "button-small"}
        href={href}
        aria-label={fill(copy.applyTo, { lender: name })}
      >
        {copy.apply}
      </a>
    </li>
  );
}

/**
 * The eligibility page (issue 32, decision 0365): five answers, and each
 * live lender's likelihood with its reasons, in the page's language. With
 * JavaScript the answers stay in the page and the list follows them; the
 * form's POST gives the same list from the server. Nothing is sent while
 * typing, and no event carries an answer.
 */
export function EligibilityPage({ locale, view, today }: PageProps<EligibilityPageView>) {
  const c = view.copy;
  const t = siteMessagesFor(locale);
  const [answers, setAnswers] = useState<EligibilityAnswers>(view.answers);
  const [touched, setTouched] = useState(view.submitted);
  const profile = parseEligibilityProfile(answers);
  const bucket = profile ? bucketKey(bucketOf(profile)) : "";
  const results = profile ? lenderEligibility(view.products, profile, today) : [];
  const counts = Object.fromEntries(
    LIKELIHOODS.map((level) => [
      level,
      results.filter((item) => item.best.likelihood === level).length,
    ]),
  );
  const set = (name: keyof EligibilityAnswers) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setAnswers((current) => ({ ...current, [name]: value }));
  };
  const period = (days: number) =>
    fill(isInstalmentTerm(days) ? t.periodMonths : t.periodValue, {
      days,
      months: termMonths(days),
    });
  const number = (name: "amount" | "income" | "age", label: string) => (
    <div className="form-field">
      <label htmlFor={`eligibility-${name}`}>{label}</label>
      <input
        id={`eligibility-${name}`}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9, ]*"
        required
        value={answers[name]}
        onChange={set(name)}
      />
    </div>
  );

  return (
    <article className="eligibility-page" aria-labelledby="eligibility-title">
      <h1 id="eligibility-title">{c.title}</h1>
      <p className="lead">{c.intro}</p>
      <form
        className="form eligibility-form"
        method="post"
        action={localizePath(locale, "/eligibility/")}
        onSubmit={(event) => {
          // In the browser the list already follows the answers: nothing to send.
          event.preventDefault();
          setTouched(true);
          document.getElementById("eligibility-results")?.focus();
        }}
      >
        {number("amount", c.amountLabel)}
        <div className="form-field">
          <label htmlFor="eligibility-period">{c.periodLabel}</label>
          <select
            id="eligibility-period"
            name="period"
            value={answers.period}
            onChange={set("period")}
          >
            {LOAN_TERM_GRID.map((days) => (
              <option key={days} value={String(days)}>
                {period(days)}
              </option>
            ))}
          </select>
        </div>
        {number("income", c.incomeLabel)}
        <div className="form-field">
          <label htmlFor="eligibility-employment">{c.employmentLabel}</label>
          <select
            id="eligibility-employment"
            name="employment"
            required
            value={answers.employment}
            onChange={set("employment")}
          >
            <option value="">{c.choose}</option>
            {EMPLOYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {c[`employment:${type}`]}
              </option>
            ))}
          </select>
        </div>
        {number("age", c.ageLabel)}
        <button type="submit" className="button">
          {c.submit}
        </button>
      </form>

      <section
        id="eligibility-results"
        className="eligibility-results"
        aria-labelledby="eligibility-results-title"
        tabIndex={-1}
      >
        <h2 id="eligibility-results-title">{c.resultsTitle}</h2>
        <p role="status">
          {profile
            ? fill(c.summary, {
                likely: counts.likely ?? 0,
                possible: counts.possible ?? 0,
                unlikely: counts.unlikely ?? 0,
                count: results.length,
              })
            : touched
              ? c.incomplete
              : null}
        </p>
        {profile ? (
          <ol className="eligibility-list">
            {results.map((answer) => (
              <LenderRow
                key={answer.lenderId}
                answer={answer}
                locale={locale}
                copy={c}
                amount={profile.amount}
                termDays={profile.termDays}
                odds={oddsInTable(view.odds, answer.best.offer.lender.id ?? "", bucket)}
              />
            ))}
          </ol>
        ) : null}
        <p className="eligibility-rule">{c.rule}</p>
      </section>
    </article>
  );
}
