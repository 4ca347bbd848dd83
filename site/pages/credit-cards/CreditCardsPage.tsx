import { localizePath } from "../../../core/locale";
import type { PageProps } from "../page";
import type { CreditCardsView } from "./page.server";

/**
 * What to compare in a credit card, then the cards of the catalogue side by
 * side, or that there are none yet. Every text comes in the view.
 */
export function CreditCardsPage({ locale, view }: PageProps<CreditCardsView>) {
  const { copy, cards } = view;
  return (
    <article className="article credit-cards" aria-labelledby="cards-title">
      <header className="article-header">
        <h1 id="cards-title">{copy.title}</h1>
        <p className="lead">{copy.intro}</p>
      </header>
      <section aria-labelledby="cards-what">
        <h2 id="cards-what">{copy.whatHeading}</h2>
        <dl className="card-terms">
          {copy.topics.map((topic) => (
            <div key={topic.heading}>
              <dt>{topic.heading}</dt>
              <dd>{topic.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="cards-list">
        <h2 id="cards-list">{copy.listHeading}</h2>
        {cards.length === 0 ? (
          <p className="cards-empty">{copy.empty}</p>
        ) : (
          <>
            <p>{copy.orderNote}</p>
            <ul className="card-list">
              {cards.map((card) => (
                <li key={card.id} className="card-item">
                  <h3>
                    <span className="card-issuer" lang={card.issuer.lang}>
                      {card.issuer.text}
                    </span>{" "}
                    <span lang={card.name.lang}>{card.name.text}</span>
                  </h3>
                  <dl className="lender-facts">
                    {card.figures.map((figure) => (
                      <div key={figure.label}>
                        <dt>{figure.label}</dt>
                        <dd>{figure.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="card-checked">{card.checked}</p>
                  {card.link ? (
                    <p>
                      <a href={card.link.href} rel="noopener noreferrer external nofollow">
                        {card.link.text}
                      </a>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="cards-loan" aria-labelledby="cards-loan">
        <h2 id="cards-loan">{copy.loanHeading}</h2>
        <p>{copy.loanText}</p>
        <a className="button" href={localizePath(locale, "/")}>
          {copy.loanLink}
        </a>
      </section>
    </article>
  );
}
