import { ODDS_WINDOW_DAYS, type OddsView } from "../../core/domain/approval-odds";
import { groupThousands } from "../../core/helpers/money";
import { type Locale, localizePath } from "../../core/locale";
import { fill, messagesFor } from "../../core/messages";

export interface ApprovalOddsProps {
  locale: Locale;
  odds: OddsView;
  /** "like-you": a profile's bucket (eligibility, offers); "all": a lender's own page. */
  scope: "like-you" | "all";
  /** Origin that serves the method page; "" on our own site. */
  assetBase: string;
}

/**
 * "Likely, 7 in 10 applicants like you were pre-approved. Based on 214
 * applications in the last 90 days. Not a promise…": words and number, the
 * basis, and the method page (decision 0446). Shown only where the server
 * had the odds; nothing is said where it had none.
 */
export function ApprovalOdds({ locale, odds, scope, assetBase }: ApprovalOddsProps) {
  const t = messagesFor(locale);
  const share = fill(scope === "all" ? t.oddsOverall : t.oddsLikeYou, { inTen: odds.inTen });
  return (
    <p className={`lw-odds lw-odds-${odds.likelihood}`}>
      <strong>
        {t[`odds:${odds.likelihood}`]}: {share}.
      </strong>{" "}
      {fill(t.oddsBasis, { count: groupThousands(odds.basis), days: ODDS_WINDOW_DAYS })}{" "}
      <a href={`${assetBase}${localizePath(locale, "/approval-odds/")}`}>{t.oddsMethodLink}</a>
    </p>
  );
}
