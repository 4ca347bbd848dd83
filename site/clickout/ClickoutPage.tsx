import { Fragment, type ReactNode } from "react";
import { lenderName } from "../../core/domain/offers";
import { formatRupees } from "../../core/helpers/money";
import { localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import type { ClickoutView } from "../../core/views/site-contract";
import { Icon, LogoMark } from "../components/Icon";
import { ProductName } from "../components/ProductName";
import { clickoutMessagesFor } from "../messages/clickout";
import { siteMessagesFor } from "../messages/index";

/** A template with React nodes in its placeholders (a product's name with its own `lang`). */
function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{[a-z]+\})/).map((part, index) => {
    const name = /^\{([a-z]+)\}$/.exec(part)?.[1];
    const key = `${index}:${part}`;
    return <Fragment key={key}>{name && name in values ? values[name] : part}</Fragment>;
  });
}

/**
 * "Leaving us" (issue 32): between the offers and the lender's own site. It names the lender
 * and its licence as the offer cards do and the product; "Continue" to the lender (a new tab)
 * and back to the offers, on the first screen; then what the lender will ask (its product's
 * published conditions, then what lenders ask on their site), and that we charge nothing and
 * the lender decides. No script:
 * the click was counted when this page was asked for (decision 0375), and "Continue" is the
 * lender's own address.
 */
export function ClickoutPage({ view }: { view: ClickoutView }) {
  const { locale, offer, lenderUrl, backPath } = view;
  const t = siteMessagesFor(locale);
  const c = clickoutMessagesFor(locale);
  const lender = lenderName(offer, locale);
  const { licence } = offer.lender;
  const { criteria } = offer;
  return (
    <>
      <header className="site-header">
        <a className="brand" href={localizePath(locale, "/")}>
          <LogoMark />
          <span className="wordmark">{t.siteName}</span>
        </a>
      </header>
      <main id="main" className="clickout">
        <div className="clickout-lender">
          <img src={offer.lender.logo} alt="" width={48} height={48} />
          <div>
            <h1>{fill(c.clickoutHeading, { lender })}</h1>
            {licence ? (
              <p className="clickout-licence">
                {fill(t.licenceLine, {
                  category: t[`licence:${licence.category}`],
                  number: licence.number,
                })}
              </p>
            ) : null}
            {offer.lender.sandbox || offer.lender.sample ? (
              <p>
                <span className="badge">
                  {offer.lender.sandbox ? t.sandboxLender : t.sampleLender}
                </span>
              </p>
            ) : null}
          </div>
        </div>
        <p>
          {fillNodes(c.clickoutChosen, {
            product: <ProductName offer={offer} locale={locale} as="strong" />,
          })}
        </p>
        <p className="clickout-actions">
          <a className="button" href={lenderUrl} target="_blank" rel="noopener noreferrer">
            {fill(c.clickoutContinue, { lender })}
            <Icon name="arrow" />
            <span className="visually-hidden">{` (${c.clickoutNewTab})`}</span>
          </a>
          <span className="clickout-hint" aria-hidden="true">
            {c.clickoutNewTab}
          </span>
          <a className="clickout-back" href={backPath}>
            {c.clickoutBack}
          </a>
        </p>
        <section aria-labelledby="clickout-ask">
          <h2 id="clickout-ask">{fill(c.clickoutAskTitle, { lender })}</h2>
          <p>{c.clickoutCriteria}</p>
          <ul className="trust-list">
            <li>
              <Icon name="check" />
              {fill(t.criteriaAge, { min: criteria.minAge, max: criteria.maxAge })}
            </li>
            <li>
              <Icon name="check" />
              {fill(t.criteriaIncome, { income: formatRupees(criteria.minMonthlyIncome) })}
            </li>
            <li>
              <Icon name="check" />
              {fill(t.criteriaEmployment, {
                list: criteria.employment.map((type) => t[`employment:${type}`]).join(", "),
              })}
            </li>
          </ul>
          <p>{c.clickoutAskGeneral}</p>
        </section>
        <section aria-labelledby="clickout-free">
          <h2 id="clickout-free">{c.clickoutFreeTitle}</h2>
          <p>{fill(c.clickoutFree, { lender })}</p>
        </section>
      </main>
    </>
  );
}
