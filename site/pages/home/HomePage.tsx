import { useState } from "react";
import { LOAN_PURPOSES } from "../../../core/domain/application";
import { formatPercent } from "../../../core/domain/loan";
import { formatRupees } from "../../../core/helpers/money";
import { fill } from "../../../core/messages";
import { applicationUrl } from "../../../widget/apply-link";
import { Calculator } from "../../../widget/components/Calculator";
import { normalizeSelection } from "../../../widget/loan-selection";
import { useCalculatorChange } from "../../calculator-tracking";
import { Reviews } from "../../components/community/Reviews";
import { TrustNotes } from "../../components/TrustNotes";
import { eligibilityHref } from "../../eligibility-link";
import { wholePageIsland } from "../../islands/Island";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { HomePageView } from "./page.server";

const STEPS = [1, 2, 3] as const;
const FAQ = [1, 2, 3, 4, 5, 6] as const;
const BENEFITS = [1, 2, 3, 4, 5, 6] as const;

/**
 * Our light illustration (issue 17): a phone listing three offers, the
 * first one chosen. Decorative; drawn with the palette's custom properties.
 */
function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 96 96" width="80" height="80" aria-hidden="true">
      <circle cx="48" cy="50" r="44" fill="var(--color-brand-soft)" />
      <rect
        x="26"
        y="12"
        width="44"
        height="76"
        rx="8"
        fill="var(--color-surface)"
        stroke="var(--color-ink)"
        strokeWidth="2.5"
      />
      <rect x="32" y="26" width="32" height="14" rx="3" fill="var(--color-brand)" />
      <path d="M36 33l3 3 6-6" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M49 31h11M49 35h7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <rect x="32" y="45" width="32" height="10" rx="3" fill="var(--color-border)" />
      <rect x="32" y="60" width="32" height="10" rx="3" fill="var(--color-border)" />
      <circle cx="70" cy="22" r="9" fill="var(--color-highlight)" />
      <path
        d="M66 22h8m-3-3l3 3-3 3"
        fill="none"
        stroke="var(--color-ink)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * SPEC §2's home screens: hero with the calculator, three steps, a call to
 * action, loan purposes, "why us" from data, customer reviews (approved
 * ones, and a form), FAQ, six benefits, and a second call to action. The
 * hero is `#calculator`, where an article's offers sidebar leads. On a
 * 360×640 phone its first screen shows the title, the trust marks and the
 * calculator's amount (issue 17); the fuller trust notes follow "why us".
 */
export const HomePage = wholePageIsland("home", HomeContent);

/**
 * The page's content: one island on its own (decision 0271), since the
 * calculator's loan goes into every "apply" link of the page.
 */
export function HomeContent({ locale, today, view }: PageProps<HomePageView>) {
  const t = siteMessagesFor(locale);
  const h = view.copy;
  const [selection, setSelection] = useState(() => normalizeSelection(undefined, undefined));
  const changeSelection = useCalculatorChange(selection, setSelection);
  const apply = (purpose?: string) => applicationUrl({ apiBase: "", locale, selection, purpose });

  return (
    <>
      <section className="hero" id="calculator" aria-labelledby="home-title">
        <div className="hero-head">
          <h1 id="home-title">{t.homeTitle}</h1>
          <HeroArt />
        </div>
        <TrustNotes locale={locale} variant="short" />
        <Calculator
          locale={locale}
          selection={selection}
          onSelectionChange={changeSelection}
          today={today}
        />
        <a className="button see-offers" href={apply()}>
          {t.seeMyOffers}
        </a>
        <a className="eligibility-link" href={eligibilityHref(locale, selection)}>
          {t.eligibilityLink}
        </a>
      </section>

      <section className="home-section" aria-labelledby="steps-title">
        <h2 id="steps-title">{h.stepsTitle}</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step} className="home-card">
              <h3>{h[`step${step}Title`]}</h3>
              <p>{h[`step${step}Text`]}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-section cta-band" aria-labelledby="cta-title">
        <h2 id="cta-title">{h.ctaTitle}</h2>
        <p>{h.ctaText}</p>
        <a className="button" href={apply()}>
          {t.applyNow}
        </a>
      </section>

      <section className="home-section" aria-labelledby="purposes-title">
        <h2 id="purposes-title">{h.purposesTitle}</h2>
        <ul className="tiles">
          {LOAN_PURPOSES.map((purpose) => (
            <li key={purpose}>
              <a href={apply(purpose)}>{h[`purpose:${purpose}`]}</a>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="why-title">
        <h2 id="why-title">{h.whyTitle}</h2>
        <ul className="figures">
          <li className="home-figure">
            {view.licensedLenders > 0
              ? fill(h.whyLenders, { count: view.licensedLenders })
              : fill(h.whySampleLenders, { count: view.sampleLenders })}
          </li>
          {view.lowestApr === undefined ? null : (
            <li className="home-figure">
              {fill(h.whyLowestApr, {
                apr: formatPercent(view.lowestApr),
                amount: formatRupees(view.amount),
                days: view.termDays,
              })}
            </li>
          )}
          <li className="home-figure">{h.whyFree}</li>
        </ul>
        {view.licensedLenders === 0 ? <p className="notice">{h.whySampleNote}</p> : null}
      </section>

      <TrustNotes locale={locale} />

      <Reviews locale={locale} summary={view.reviews} />

      <section className="home-section" aria-labelledby="faq-title">
        <h2 id="faq-title">{h.faqTitle}</h2>
        {FAQ.map((item) => (
          <details key={item} className="faq">
            <summary>{h[`faq${item}Question`]}</summary>
            <p>{h[`faq${item}Answer`]}</p>
          </details>
        ))}
      </section>

      <section className="home-section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{h.benefitsTitle}</h2>
        <ul className="benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="home-card">
              <h3>{h[`benefit${benefit}Title`]}</h3>
              <p>{h[`benefit${benefit}Text`]}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section cta-band" aria-labelledby="cta2-title">
        <h2 id="cta2-title">{h.cta2Title}</h2>
        <p>{h.cta2Text}</p>
        <a className="button" href={apply()}>
          {t.applyNow}
        </a>
      </section>
    </>
  );
}
