/**
 * The back office's pages (issue 16) as complete HTML documents: React
 * components rendered once on the server to static markup, with no script
 * at all (decision 0130). The server has checked the member's role and
 * read what the view holds; this only renders it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { BackOfficeSection, BackOfficeView, BackOfficeViewer } from "../../core/back-office";
import { fill } from "../../core/messages";
import widgetCss from "../../widget/styles/widget.css?raw";
import ownCss from "./back-office.css?raw";
import { Layout } from "./Layout";
import { type BackOfficeMessages, backOfficeMessagesFor } from "./messages";
import { AuditPage } from "./pages/Audit";
import { CardEditPage, CardsPage } from "./pages/Cards";
import { EnrolPage } from "./pages/Enrol";
import { FunnelPage } from "./pages/Funnel";
import { AccountPage, HomePage } from "./pages/Home";
import { LenderEditPage } from "./pages/LenderEdit";
import { LendersPage } from "./pages/Lenders";
import { ModerationPage } from "./pages/Moderation";
import { PartnerPage, PartnersPage } from "./pages/Partners";
import { PayoutRunPage, PayoutStatementPage, PayoutsPage } from "./pages/Payouts";
import { SignInCodePage, SignInPage } from "./pages/SignIn";
import { StaffPage } from "./pages/Staff";
import { RecoveryCodesPage, TwoFactorPage } from "./pages/TwoFactor";

/**
 * The back office's styles and the widget's (the lender preview renders the
 * borrower's offer cards, decision 0140): one inline stylesheet.
 */
const css = `${ownCss}\n${widgetCss}`;

/** The stylesheet every page inlines: the server allows it in the CSP by this text's hash. */
export function backOfficeStylesheet(): string {
  return css;
}

function titleAndSection(
  view: BackOfficeView,
  t: BackOfficeMessages,
): [title: string, section?: BackOfficeSection] {
  switch (view.page) {
    case "sign-in":
      return [t.signInTitle];
    case "sign-in-code":
      return [t.codeTitle];
    case "enrol":
      return [t.enrolTitle];
    case "enrol-invalid":
      return [t.enrolInvalidTitle];
    case "two-factor":
      return [t.twoFactorTitle, "account"];
    case "recovery-codes":
      return [t.recoveryTitle, "account"];
    case "home":
      return [t.homeTitle, "home"];
    case "account":
      return [t.accountTitle, "account"];
    case "moderation":
      return [t.moderationTitle, "moderation"];
    case "staff":
      return [t.staffTitle, "staff"];
    case "audit":
      return [t.auditTitle, "audit"];
    case "lenders":
      return [t.lendersTitle, "lenders"];
    case "lender-edit":
      return [
        view.mode === "new" ? t.lenderNewTitle : fill(t.lenderEditTitle, { id: view.form.id }),
        "lenders",
      ];
    case "cards":
      return [t.cardsTitle, "cards"];
    case "card-edit":
      return [
        view.mode === "new" ? t.cardNewTitle : fill(t.cardEditTitle, { id: view.form.id }),
        "cards",
      ];
    case "partners":
      return [t.partnersTitle, "partners"];
    case "partner":
      return [view.partner.name, "partners"];
    case "payouts":
      return [t.payoutsTitle, "payouts"];
    case "payout-run":
      return [t.payoutsTitle, "payouts"];
    case "payout-statement":
      return [t.statementTitle, "payouts"];
    case "funnel":
      return [t.funnelTitle, "funnel"];
    case "forbidden":
      return [t.forbiddenTitle];
    case "not-found":
      return [t.notFoundTitle];
    case "refused":
      return [t.refusedTitle];
    case "invalid":
      return [t.invalidTitle];
  }
}

function Body({
  view,
  viewer,
  t,
}: {
  view: BackOfficeView;
  viewer: BackOfficeViewer | undefined;
  t: BackOfficeMessages;
}) {
  const csrf = viewer?.csrf ?? "";
  const back = (
    <p>
      <a href="/admin/">{t.backHome}</a>
    </p>
  );
  switch (view.page) {
    case "sign-in":
      return <SignInPage view={view} t={t} />;
    case "sign-in-code":
      return <SignInCodePage view={view} t={t} />;
    case "enrol":
      return <EnrolPage view={view} t={t} />;
    case "enrol-invalid":
      return <p>{t.enrolInvalid}</p>;
    case "two-factor":
      return <TwoFactorPage view={view} t={t} csrf={csrf} />;
    case "recovery-codes":
      return <RecoveryCodesPage view={view} t={t} />;
    case "home":
      return viewer ? <HomePage view={view} t={t} viewer={viewer} /> : null;
    case "account":
      return <AccountPage view={view} t={t} csrf={csrf} />;
    case "moderation":
      return <ModerationPage view={view} t={t} csrf={csrf} />;
    case "staff":
      return <StaffPage view={view} t={t} csrf={csrf} />;
    case "audit":
      return <AuditPage view={view} t={t} />;
    case "lenders":
      return <LendersPage view={view} t={t} csrf={csrf} />;
    case "lender-edit":
      return <LenderEditPage view={view} t={t} csrf={csrf} />;
    case "cards":
      return <CardsPage view={view} t={t} />;
    case "card-edit":
      return <CardEditPage view={view} t={t} csrf={csrf} />;
    case "partners":
      return <PartnersPage view={view} t={t} csrf={csrf} />;
    case "partner":
      return <PartnerPage view={view} t={t} csrf={csrf} />;
    case "payouts":
      return <PayoutsPage view={view} t={t} csrf={csrf} />;
    case "payout-run":
      return <PayoutRunPage view={view} t={t} csrf={csrf} />;
    case "payout-statement":
      return <PayoutStatementPage view={view} t={t} />;
    case "funnel":
      return <FunnelPage view={view} t={t} />;
    case "forbidden":
      return (
        <>
          <p>{t.forbidden}</p>
          {back}
        </>
      );
    case "not-found":
      return (
        <>
          <p>{t.notFound}</p>
          {back}
        </>
      );
    case "refused":
      return (
        <>
          <p>{t.refused}</p>
          {back}
        </>
      );
    case "invalid":
      return (
        <>
          <p>{t.invalid}</p>
          {back}
        </>
      );
  }
}

/** A back-office page as a whole document; `viewer` is the signed-in member, if any. */
export function renderBackOfficeDocument(
  view: BackOfficeView,
  viewer: BackOfficeViewer | undefined,
): string {
  const t = backOfficeMessagesFor("en");
  const [title, section] = titleAndSection(view, t);
  return `<!doctype html>${renderToStaticMarkup(
    <Layout t={t} title={title} viewer={viewer} current={section} css={css}>
      <Body view={view} viewer={viewer} t={t} />
    </Layout>,
  )}`;
}
