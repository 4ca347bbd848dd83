import { type Locale, localizePath } from "../../../../core/locale";
import { fill } from "../../../../core/messages";
import { type DocsView, leadOffersExample } from "../../../../core/views/portal/docs";
import { docsMessages } from "./docs-messages";

const PARTNER_OPERATIONS = [
  ["GET", "/offers", "offers"],
  ["POST", "/leads", "createLead"],
  ["POST", "/leads/{id}/verification", "verify"],
  ["POST", "/leads/{id}/verification/resend", "resend"],
  ["GET", "/leads/{id}", "lead"],
  ["GET", "/leads/{id}/offers?wait={seconds}", "leadOffers"],
  ["GET", "/stats", "stats"],
] as const;

const FEED_OPERATIONS = [
  ["GET", "/feed/config", "ownConfig"],
  ["GET", "/feed/config/{name}", "config"],
  ["GET", "/feed/leads?lead_id={lead id}", "leads"],
  ["GET", "/approval-odds?amount_band={0–4}&term_band={0–3}&income_band={0–3}", "approvalOdds"],
] as const;

/**
 * The partner portal's API documentation (issue 18, decision 0247): both
 * APIs in a few words, the partner's publishable key and origins filled
 * into the examples, the secret key as an environment variable (it is
 * never on a page after it was shown once), and the OpenAPI document and
 * the reference linked.
 */
export function DocsPage({ view, locale, base }: { view: DocsView; locale: Locale; base: string }) {
  const t = docsMessages[locale];
  const partnerBase = `${view.siteOrigin}/api/partner/v1`;
  const feedBase = `${view.siteOrigin}/api`;
  const origin = view.origins[0] ?? t.yourOrigin;
  // Continuation lines without indentation: on a phone they wrap, and spaces would stand alone.
  const serverExample = `curl -H "Authorization: Bearer $NAYACOMPARE_SECRET_KEY" \\
"${partnerBase}/offers?amount=50000&term=91&lang=${locale}"`;
  const waitExample = `curl -H "Authorization: Bearer $NAYACOMPARE_SECRET_KEY" \\
"${partnerBase}/leads/$LEAD_ID/offers?lang=${locale}&wait=10"`;
  const answerExample = JSON.stringify(leadOffersExample(view.siteOrigin, locale), null, 2);
  const pageExample = `const answer = await fetch("${feedBase}/feed/config/lk", {
  headers: { "X-Publishable-Key": "${view.publishableKey}" },
});
const offers = await answer.json();`;
  const curlExample = `curl -H "Origin: ${origin}" \\
"${feedBase}/feed/config/lk?key=${view.publishableKey}"`;
  return (
    <>
      <p>{t.intro}</p>
      <ul className="docs-links">
        <li>
          <a
            className="portal-target"
            href="/api/partner/v1/openapi.json"
            hrefLang="en"
            type="application/json"
          >
            {t.openApi}
          </a>
        </li>
        <li>
          <a className="portal-target" href="/api/partner/v1/reference" hrefLang="en">
            {t.reference}
          </a>
        </li>
      </ul>

      <h2>{t.keysTitle}</h2>
      <dl className="docs-facts">
        <dt>{t.partnerId}</dt>
        <dd>
          <code>{view.partnerId}</code>
        </dd>
        <dt>{t.publishableKey}</dt>
        <dd>
          <code className="docs-key">{view.publishableKey}</code>
        </dd>
        <dt>{t.origins}</dt>
        <dd>
          {view.origins.length === 0 ? (
            <>
              {t.noOrigins} <a href={`${base}keys/`}>{t.keysLink}</a>
            </>
          ) : (
            <ul className="docs-origins">
              {view.origins.map((one) => (
                <li key={one}>
                  <code>{one}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p>{t.secretNote}</p>

      <h2>{t.partnerTitle}</h2>
      <p>{fill(t.partnerIntro, { base: partnerBase })}</p>
      <ul className="docs-operations">
        {PARTNER_OPERATIONS.map(([method, path, key]) => (
          <li key={path + method}>
            <code>{`${method} ${path}`}</code>: {t.operations[key]}
          </li>
        ))}
      </ul>
      <p>{t.exampleServer}</p>
      <pre className="docs-example" lang="en">
        <code>{serverExample}</code>
      </pre>

      <h2 id="pre-approvals">{t.preApprovalsTitle}</h2>
      <p>{t.preApprovalsIntro}</p>
      <p>{t.exampleWait}</p>
      <pre className="docs-example" lang="en">
        <code>{waitExample}</code>
      </pre>
      <p>{t.exampleAnswer}</p>
      <pre className="docs-example" lang="en" id="lead-offers-example">
        <code>{answerExample}</code>
      </pre>
      <p>
        {t.approvalOddsNote}{" "}
        <a href={`${view.siteOrigin}${localizePath(locale, "/approval-odds/")}`}>
          {t.approvalOddsLink}
        </a>
      </p>
      <p>
        {t.offersReadyNote} <a href={`${base}postbacks/`}>{t.postbacksLink}</a>
      </p>

      <h2>{t.feedTitle}</h2>
      <p>{fill(t.feedIntro, { base: feedBase })}</p>
      <ul className="docs-operations">
        {FEED_OPERATIONS.map(([method, path, key]) => (
          <li key={path}>
            <code>{`${method} ${path}`}</code>: {t.feedOperations[key]}
          </li>
        ))}
      </ul>
      <p>{fill(t.examplePage, { origin })}</p>
      <pre className="docs-example" lang="en">
        <code>{pageExample}</code>
      </pre>
      <p>{t.exampleCurl}</p>
      <pre className="docs-example" lang="en">
        <code>{curlExample}</code>
      </pre>
    </>
  );
}
