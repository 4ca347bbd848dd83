import { groupThousands } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import type { ApprovalOddsView, LenderCalibration } from "../../../../core/views/back-office";
import { CardList, ColumnHeads } from "../../../operator/fields";
import { LabelledCells } from "../../../operator/labelled-cells";
import type { BackOfficeMessages } from "../../messages";
import { CalibrationChart } from "./CalibrationChart";

const percent = (share: number | undefined) =>
  share === undefined ? "" : `${Math.round(share * 100)}%`;

/** What a lender's card and its verdict are drawn from. */
interface CardProps {
  lender: LenderCalibration;
  view: ApprovalOddsView;
  t: BackOfficeMessages;
}

/**
 * A lender whose approval odds are badly calibrated, in words (never in colour
 * alone): here, in the lenders' list and on a lender's page, with a link to
 * its chart from the last two.
 */
export function OddsFlag({ id, t, link }: { id: string; t: BackOfficeMessages; link?: boolean }) {
  return (
    <p className="flag">
      <strong>{t.oddsFlagged}</strong>
      {link ? (
        <>
          {" ("}
          <a href={`/admin/approval-odds/#odds-${id}`}>{t.oddsFlaggedLink}</a>
          {")"}
        </>
      ) : null}
    </p>
  );
}

/** Flagged, calibrated or too few to judge: in words, never in colour alone. */
export function CalibrationVerdict({ lender, view, t }: CardProps) {
  const { calibration } = lender;
  if (calibration.flagged) return <OddsFlag id={lender.id} t={t} />;
  return (
    <p className="meta">
      {calibration.count < view.minDecisions
        ? fill(t.oddsTooFew, { count: view.minDecisions })
        : fill(t.oddsCalibrated, { points: Math.round(view.maxGap * 100) })}
    </p>
  );
}

function LenderCard({ lender, view, t }: CardProps) {
  const { calibration } = lender;
  const headers = [t.oddsDecile, t.oddsDecisions, t.oddsPredicted, t.oddsActual];
  return (
    <li className="card">
      <h2 id={`odds-${lender.id}`}>
        <a href={`/admin/lenders/${lender.id}/`}>{lender.name}</a>
      </h2>
      {lender.sandbox ? <p className="meta">{t.lenderSandbox}</p> : null}
      <CalibrationVerdict lender={lender} view={view} t={t} />
      <p>
        {fill(t.oddsFigures, {
          brier: (calibration.brier ?? 0).toFixed(3),
          count: groupThousands(calibration.count),
          gap: Math.round((calibration.gap ?? 0) * 100),
        })}
      </p>
      <CalibrationChart id={lender.id} name={lender.name} calibration={calibration} t={t} />
      <details>
        <summary>{t.oddsDeciles}</summary>
        <table className="row-cards">
          <ColumnHeads names={headers} />
          <tbody>
            {calibration.deciles
              .filter((decile) => decile.count > 0)
              .map((decile) => (
                <tr key={decile.decile}>
                  <th scope="row">{`${decile.decile * 10}–${decile.decile * 10 + 10}%`}</th>
                  <LabelledCells
                    cells={[
                      {
                        label: headers[1] ?? "",
                        value: groupThousands(decile.count),
                        kind: "number",
                      },
                      { label: headers[2] ?? "", value: percent(decile.predicted), kind: "number" },
                      { label: headers[3] ?? "", value: percent(decile.actual), kind: "number" },
                    ]}
                  />
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </li>
  );
}

/** /admin/approval-odds/: each lender's calibration, flagged ones first (issue 36). */
export function ApprovalOddsPage({ view, t }: { view: ApprovalOddsView; t: BackOfficeMessages }) {
  return (
    <>
      <p>{fill(t.oddsIntro, { days: view.windowDays })}</p>
      <p>
        {fill(t.oddsFlagRule, {
          count: view.minDecisions,
          points: Math.round(view.maxGap * 100),
        })}
      </p>
      <CardList items={view.lenders} none={fill(t.oddsNone, { days: view.windowDays })}>
        {(lender) => <LenderCard key={lender.id} lender={lender} view={view} t={t} />}
      </CardList>
    </>
  );
}
