/**
 * The partner portal's pages (issue 18, decision 0212) as complete HTML
 * documents: React rendered once on the server to static markup, with no
 * script at all, like the back office (site/back-office/render.tsx), in
 * Sinhala at /partner/portal/ and English at /en/partner/portal/.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  ALL_LOCALES,
  LOCALES,
  type Locale,
  localizePath,
  splitLocalePath,
} from "../../core/locale";
import {
  ACCOUNT_KINDS,
  PARTNER_ONLY_SECTIONS,
  PAYOUT_METHODS,
  PORTAL_COUNTRIES,
  PORTAL_SECTION_PATHS,
  PORTAL_SECTIONS,
  type PortalSection,
  type PortalView,
  type SignUpField,
} from "../../core/partner-portal";
import backOfficeCss from "../back-office/back-office.css?raw";
import { Alert, CsrfField, Notice } from "../back-office/fields";
import { rupeeDigits } from "../back-office/format";
import { QrCode } from "../back-office/pages/TwoFactor";
import { type PortalMessages, portalMessagesFor } from "./messages";
import { AccountPage } from "./pages/Account";
import { accountMessagesFor } from "./pages/account-messages";
import { DashboardPage } from "./pages/Dashboard";
import { DocsPage } from "./pages/Docs";
import { KeysPage } from "./pages/Keys";
import { PostbacksPage } from "./pages/Postbacks";
import { StatementsPage } from "./pages/Statements";
import { WidgetPage } from "./pages/Widget";
import portalCss from "./portal.css?raw";

const css = `${backOfficeCss}\n${portalCss}`;

/** The stylesheet every portal page inlines: the server allows it in the CSP by this text's hash. */
export function portalStylesheet(): string {
  return css;
}

/** The portal's address in a language: /partner/portal/, /en/partner/portal/ or /ta/partner/portal/. */
export function portalBase(locale: Locale): string {
  return localizePath(locale, "/partner/portal/");
}

function titleOf(view: PortalView, t: PortalMessages): string {
  switch (view.page) {
    case "sign-in":
      return t.signInTitle;
    case "sign-up":
      return t.signUpTitle;
    case "check-email":
      return t.checkEmailTitle;
    case "forgot":
    case "forgot-sent":
      return t.forgotTitle;
    case "set-password":
      return view.purpose === "claim" ? t.claimTitle : t.forgotTitle;
    case "verify":
      return t.verifyTitle;
    case "link-invalid":
      return t.linkInvalidTitle;
    case "home":
      return t.homeTitle;
    case "dashboard":
    case "widget":
    case "keys":
    case "postbacks":
    case "statements":
    case "account":
    case "docs":
      return t.sections[view.page];
    case "sign-in-code":
      return t.codeTitle;
    case "two-factor":
      return t.twoFactorTitle;
    case "refused":
      return t.refusedTitle;
    case "not-found":
      return t.notFoundTitle;
  }
}

function FieldError({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <span className="field-error" id={`${id}-error`}>
      {problem}
    </span>
  ) : null;
}

function SignUpPage({
  view,
  t,
  base,
}: {
  view: Extract<PortalView, { page: "sign-up" }>;
  t: PortalMessages;
  base: string;
}) {
  const { form, problems } = view;
  const problem = (field: SignUpField) => {
    const known = problems[field];
    return known ? t.problems[known] : undefined;
  };
  const described = (field: SignUpField, hint = false) =>
    [hint ? `${field}-hint` : "", problems[field] ? `${field}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const invalid = (field: SignUpField) => (problems[field] ? true : undefined);
  const text = (
    field: "name" | "email" | "website" | "trafficSources" | "payoutDetails",
    label: string,
    type: string,
    options: { hint?: string; autoComplete?: string; max: number },
  ) => (
    <>
      <label htmlFor={field}>{label}</label>
      {options.hint ? (
        <span className="hint" id={`${field}-hint`}>
          {options.hint}
        </span>
      ) : null}
      <FieldError id={field} problem={problem(field)} />
      <input
        id={field}
        name={field}
        type={type}
        required
        maxLength={options.max}
        autoComplete={options.autoComplete}
        defaultValue={form[field]}
        aria-invalid={invalid(field)}
        aria-describedby={described(field, Boolean(options.hint))}
      />
    </>
  );
  /** A group of radio buttons or checkboxes, its problem named under its legend. */
  const choices = <Value extends string>(
    field: "kind" | "countries" | "payoutMethod",
    type: "radio" | "checkbox",
    legend: string,
    values: readonly Value[],
    names: Record<Value, string>,
    chosen: readonly string[],
  ) => (
    <fieldset aria-describedby={problems[field] ? `${field}-error` : undefined}>
      <legend>{legend}</legend>
      <FieldError id={field} problem={problem(field)} />
      {values.map((value) => (
        <label className="choice" key={value}>
          <input type={type} name={field} value={value} defaultChecked={chosen.includes(value)} />
          {names[value]}
        </label>
      ))}
    </fieldset>
  );
  const anyProblem = Object.keys(problems).length > 0;
  return (
    <>
      {view.busy ? <Alert>{t.signUpBusy}</Alert> : null}
      {anyProblem ? <Alert>{t.problemSummary}</Alert> : null}
      <p>{t.signUpIntro}</p>
      <form method="post" action={`${base}sign-up/`} noValidate>
        {choices("kind", "radio", t.kindLegend, ACCOUNT_KINDS, t.kinds, [form.kind])}
        {text("name", t.name, "text", { autoComplete: "organization", max: 100 })}
        {text("email", t.email, "email", { autoComplete: "email", max: 254 })}
        <label htmlFor="password">{t.password}</label>
        <span className="hint" id="password-hint">
          {t.passwordHint}
        </span>
        <FieldError id="password" problem={problem("password")} />
        <input
          id="password"
          name="password"
          type="password"
          required
          minLength={12}
          maxLength={128}
          autoComplete="new-password"
          aria-invalid={invalid("password")}
          aria-describedby={described("password", true)}
        />
        {text("website", t.website, "url", { hint: t.websiteHint, autoComplete: "url", max: 200 })}
        {text("trafficSources", t.trafficSources, "text", {
          hint: t.trafficSourcesHint,
          max: 500,
        })}
        {choices(
          "countries",
          "checkbox",
          t.countriesLegend,
          PORTAL_COUNTRIES,
          t.countries,
          form.countries,
        )}
        {choices("payoutMethod", "radio", t.payoutLegend, PAYOUT_METHODS, t.payoutMethods, [
          form.payoutMethod,
        ])}
        {text("payoutDetails", t.payoutDetails, "text", { hint: t.payoutDetailsHint, max: 300 })}
        <FieldError id="terms" problem={problem("terms")} />
        <label className="choice">
          <input
            type="checkbox"
            name="terms"
            value="yes"
            required
            aria-invalid={invalid("terms")}
            aria-describedby={problems.terms ? "terms-error" : undefined}
          />
          {t.terms}
        </label>
        <TermsLink t={t} base={base} />
        <p>
          <button type="submit">{t.signUp}</button>
        </p>
      </form>
      <p>
        {t.haveAccount} <a href={base}>{t.signInLink}</a>
      </p>
    </>
  );
}

/** The account's e-mail address (sign-in, a forgotten password). */
function EmailField({ t, value }: { t: PortalMessages; value: string }) {
  return (
    <>
      <label htmlFor="email">{t.email}</label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        required
        maxLength={254}
        defaultValue={value}
      />
    </>
  );
}

/** A six-digit code's form (sign-in's second step, turning two-step sign-in on). */
function CodeForm(props: { t: PortalMessages; csrf: string; action: string; submit: string }) {
  return (
    <form method="post" action={props.action}>
      <CsrfField csrf={props.csrf} />
      <label htmlFor="code">{props.t.code}</label>
      <input
        id="code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={8}
        required
      />
      <p>
        <button type="submit">{props.submit}</button>
      </p>
    </form>
  );
}

/** The sign-in's code step with a recovery code instead of the app's (decision 0253). */
function RecoveryCodeForm(props: { locale: Locale; csrf: string; action: string }) {
  const a = accountMessagesFor(props.locale);
  return (
    <details className="account-recovery">
      <summary>{a.recoveryUse}</summary>
      <form method="post" action={props.action}>
        <CsrfField csrf={props.csrf} />
        <label htmlFor="recovery-code">{a.recoveryCode}</label>
        <span className="hint" id="recovery-code-hint">
          {a.recoveryCodeHint}
        </span>
        <input
          id="recovery-code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          required
          aria-describedby="recovery-code-hint"
        />
        <p>
          <button type="submit">{a.recoveryContinue}</button>
        </p>
      </form>
    </details>
  );
}

/** The programme's terms, in the page's language. */
function TermsLink({ t, base }: { t: PortalMessages; base: string }) {
  const path = localizePath(splitLocalePath(base).locale, "/terms-and-conditions/");
  return (
    <p>
      <a className="portal-target" href={path}>
        {t.termsLink}
      </a>
    </p>
  );
}

/** The section of the menu a page belongs to, for signed-in pages; undefined otherwise. */
function sectionOf(view: PortalView): PortalSection | undefined {
  switch (view.page) {
    case "home":
    case "dashboard":
    case "widget":
    case "keys":
    case "postbacks":
    case "statements":
    case "account":
    case "docs":
      return view.page;
    case "two-factor":
      return "account";
    default:
      return undefined;
  }
}

/** The signed-in partner's menu: every section, or home and account before approval. */
function PortalNav(props: {
  t: PortalMessages;
  base: string;
  current: PortalSection;
  approved: boolean;
}) {
  const { t, base, current, approved } = props;
  const open = PORTAL_SECTIONS.filter(
    (section) => approved || !PARTNER_ONLY_SECTIONS.includes(section),
  );
  return (
    <nav aria-label={t.navLabel}>
      <ul>
        {open.map((section) => (
          <li key={section}>
            <a
              href={`${base}${PORTAL_SECTION_PATHS[section]}`}
              aria-current={section === current ? "page" : undefined}
            >
              {t.sections[section]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Body(props: {
  view: PortalView;
  t: PortalMessages;
  base: string;
  locale: Locale;
}): ReactNode {
  const { view, t, base, locale } = props;
  /** A page that only says something, with the way back to the portal. */
  const saying = (text: ReactNode) => (
    <>
      {text}
      <p>
        <a className="portal-target" href={base}>
          {t.backHome}
        </a>
      </p>
    </>
  );
  switch (view.page) {
    case "sign-in": {
      const problem =
        view.problem && { mismatch: t.mismatch, wait: t.wait, busy: t.busy }[view.problem];
      const notice =
        view.notice &&
        {
          signed_out: t.signedOut,
          verified: t.verified,
          password_set: t.passwordSet,
          code_tries: t.codeTries,
        }[view.notice];
      return (
        <>
          {problem ? <Alert>{problem}</Alert> : null}
          {notice && !problem ? <Notice>{notice}</Notice> : null}
          <p>{t.signInIntro}</p>
          <form method="post" action={`${base}sign-in/`}>
            <EmailField t={t} value={view.email} />
            <label htmlFor="password">{t.password}</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
            <p>
              <button type="submit">{t.signIn}</button>
            </p>
          </form>
          <p>
            <a className="portal-target" href={`${base}forgot/`}>
              {t.forgotLink}
            </a>
          </p>
          <p>
            {t.noAccount} <a href={`${base}sign-up/`}>{t.signUpLink}</a>
          </p>
        </>
      );
    }
    case "forgot":
      return (
        <>
          {view.busy ? <Alert>{t.busy}</Alert> : null}
          <p>{t.forgotIntro}</p>
          <form method="post" action={`${base}forgot/`}>
            <EmailField t={t} value={view.email} />
            <p>
              <button type="submit">{t.forgotSend}</button>
            </p>
          </form>
        </>
      );
    case "forgot-sent":
      return saying(<Notice>{t.forgotSent}</Notice>);
    case "set-password": {
      const problem =
        view.problem === "mismatch"
          ? t.mismatchPasswords
          : view.problem === "terms"
            ? t.termsRequired
            : view.problem
              ? t.problems[view.problem]
              : undefined;
      const passwordInvalid = view.problem && view.problem !== "terms" ? true : undefined;
      return (
        <>
          {problem ? <Alert>{problem}</Alert> : null}
          <p>{view.purpose === "claim" ? t.claimIntro : t.resetIntro}</p>
          <form method="post" action={`${base}password/`}>
            <input type="hidden" name="token" value={view.token} />
            <label htmlFor="password">{t.newPassword}</label>
            <span className="hint" id="password-hint">
              {t.passwordHint}
            </span>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              maxLength={128}
              aria-invalid={passwordInvalid}
              aria-describedby="password-hint"
            />
            <label htmlFor="confirm">{t.confirmPassword}</label>
            <input
              id="confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              maxLength={128}
              aria-invalid={view.problem === "mismatch" ? true : undefined}
            />
            {view.purpose === "claim" ? (
              <>
                <label className="choice">
                  <input
                    type="checkbox"
                    name="terms"
                    value="yes"
                    required
                    aria-invalid={view.problem === "terms" ? true : undefined}
                  />
                  {t.terms}
                </label>
                <TermsLink t={t} base={base} />
              </>
            ) : null}
            <p>
              <button type="submit">{t.savePassword}</button>
            </p>
          </form>
        </>
      );
    }
    case "sign-up":
      return <SignUpPage view={view} t={t} base={base} />;
    case "check-email":
      return saying(<Notice>{t.checkEmail}</Notice>);
    case "verify":
      return (
        <>
          <p>{t.verifyIntro}</p>
          <form method="post" action={`${base}verify/`}>
            <input type="hidden" name="token" value={view.token} />
            <button type="submit">{t.verify}</button>
          </form>
        </>
      );
    case "link-invalid":
      return saying(<p>{t.linkInvalid}</p>);
    case "home":
      return (
        <>
          <dl className="portal-facts">
            <dt>{t.partnerId}</dt>
            <dd>
              <code>{view.partnerId ?? "—"}</code>
            </dd>
            <dt>{t.status}</dt>
            <dd>{t.statuses[view.status]}</dd>
            <dt>{t.publishableKey}</dt>
            <dd>
              <code>{view.publishableKey ?? "—"}</code>
            </dd>
          </dl>
          <p className="hint">{t.publishableKeyHint}</p>
          {view.status === "pending" ? <p>{t.pendingNote}</p> : null}
          {view.recent ? (
            <section aria-labelledby="home-recent">
              <h2 id="home-recent">{t.recentTitle}</h2>
              <dl className="home-recent">
                <div>
                  <dt>{t.recentVerifiedLeads}</dt>
                  <dd>{rupeeDigits(view.recent.leads)}</dd>
                </div>
                <div>
                  <dt>{t.recentEarnings}</dt>
                  <dd>{rupeeDigits(view.recent.earnings)}</dd>
                </div>
              </dl>
              <p>
                <a className="portal-target" href={`${base}${PORTAL_SECTION_PATHS.dashboard}`}>
                  {t.recentMore}
                </a>
              </p>
            </section>
          ) : null}
          {view.approved ? (
            <section aria-labelledby="home-tools">
              <h2 id="home-tools">{t.toolsTitle}</h2>
              <ul className="home-tools">
                {PORTAL_SECTIONS.filter((section) => section !== "home").map((section) => (
                  <li key={section}>
                    <a href={`${base}${PORTAL_SECTION_PATHS[section]}`}>{t.sections[section]}</a>
                    <span>{t.sectionHints[section]}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <h2>{t.twoFactorTitle}</h2>
          {view.twoFactor ? (
            <p>
              {t.twoFactorOn}{" "}
              <a href={`${base}${PORTAL_SECTION_PATHS.account}`}>{t.sections.account}</a>
            </p>
          ) : (
            <p>
              {t.twoFactorOff} <a href={`${base}two-factor/`}>{t.twoFactorLink}</a>
            </p>
          )}
        </>
      );
    case "sign-in-code":
      return (
        <>
          {view.problem === "wrong" ? <Alert>{t.codeWrong}</Alert> : null}
          {view.problem === "wait" ? <Alert>{t.wait}</Alert> : null}
          <p>{t.codeIntro}</p>
          <CodeForm
            t={t}
            csrf={view.csrf}
            action={`${base}sign-in/code/`}
            submit={t.codeContinue}
          />
          <RecoveryCodeForm locale={locale} csrf={view.csrf} action={`${base}sign-in/code/`} />
        </>
      );
    case "two-factor":
      if (view.state.on) return saying(<p>{t.twoFactorOn}</p>);
      return (
        <>
          {view.state.wrong ? <Alert>{t.codeWrong}</Alert> : null}
          <p>{t.twoFactorIntro}</p>
          <p>{t.twoFactorScan}</p>
          <QrCode rows={view.state.qr} label={t.twoFactorQr} />
          <span className="hint">{t.twoFactorKey}</span>
          <code className="secret">{view.state.secret}</code>
          <p>{t.twoFactorConfirm}</p>
          <CodeForm
            t={t}
            csrf={view.csrf}
            action={`${base}two-factor/`}
            submit={t.twoFactorTurnOn}
          />
        </>
      );
    case "dashboard":
      return <DashboardPage view={view} locale={locale} base={base} />;
    case "widget":
      return <WidgetPage view={view} locale={locale} base={base} />;
    case "keys":
      return <KeysPage view={view} locale={locale} base={base} />;
    case "postbacks":
      return <PostbacksPage view={view} locale={locale} base={base} />;
    case "statements":
      return <StatementsPage view={view} locale={locale} base={base} />;
    case "account":
      return <AccountPage view={view} locale={locale} base={base} />;
    case "docs":
      return <DocsPage view={view} locale={locale} base={base} />;
    case "refused":
      return saying(<p>{t.refused}</p>);
    case "not-found":
      return saying(<p>{t.notFound}</p>);
  }
}

/** A portal page as a whole document, in its language; `csrf` when a partner is signed in. */
export function renderPortalDocument(locale: Locale, view: PortalView, path: string): string {
  const t = portalMessagesFor(locale);
  const base = portalBase(locale);
  const title = titleOf(view, t);
  const others = ALL_LOCALES.filter((each) => each !== locale);
  const csrf = "csrf" in view ? view.csrf : undefined;
  const section = sectionOf(view);
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} | ${t.siteName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not input */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <a className="skip" href="#content">
          {t.skipToContent}
        </a>
        <header>
          <a className="brand" href={base}>
            {t.siteName}
          </a>
          <div className="who">
            {/* Each other language by its own name, in its own script (issue 20). */}
            {others.map((other) => (
              <a
                key={other}
                className="languages"
                href={path.replace(base, portalBase(other))}
                lang={other}
                hrefLang={other}
              >
                {LOCALES[other].label}
              </a>
            ))}
            {csrf ? (
              <form method="post" action={`${base}sign-out`}>
                <CsrfField csrf={csrf} />
                <button type="submit">{t.signOut}</button>
              </form>
            ) : null}
          </div>
          {section && "approved" in view ? (
            <PortalNav t={t} base={base} current={section} approved={view.approved} />
          ) : null}
        </header>
        <main id="content">
          <h1>{title}</h1>
          <Body view={view} t={t} base={base} locale={locale} />
        </main>
      </body>
    </html>,
  )}`;
}
