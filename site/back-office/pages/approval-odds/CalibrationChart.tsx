import type { Calibration } from "../../../../core/domain/approval-odds";
import { fill } from "../../../../core/messages";
import type { BackOfficeMessages } from "../../messages";

/** The plot's square, in the SVG's own units, and the room for the axes' words. */
const SIZE = 200;
const LEFT = 36;
const BOTTOM = 30;
const TOP = 8;
const RIGHT = 16;

const x = (share: number) => LEFT + share * SIZE;
const y = (share: number) => TOP + (1 - share) * SIZE;

/**
 * Predicted against actual approval by decile, drawn on the server as SVG
 * (no script, no CSP change): the diagonal where odds were right, and a dot
 * a decile, its area by the decile's decisions. The figures are in the
 * table beside it; the chart's name says what it shows.
 */
export function CalibrationChart({
  id,
  name,
  calibration,
  t,
}: {
  id: string;
  name: string;
  calibration: Calibration;
  t: BackOfficeMessages;
}) {
  const most = Math.max(1, ...calibration.deciles.map((decile) => decile.count));
  const titleId = `odds-chart-${id}`;
  const ticks = [0, 0.5, 1];
  return (
    <svg
      className="calibration-chart"
      viewBox={`0 0 ${LEFT + SIZE + RIGHT} ${TOP + SIZE + BOTTOM}`}
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>{fill(t.oddsChartTitle, { name })}</title>
      <rect className="frame" x={x(0)} y={y(1)} width={SIZE} height={SIZE} />
      {ticks.map((tick) => (
        <g key={tick}>
          <text className="tick" x={x(tick)} y={y(0) + 14} textAnchor="middle">
            {`${tick * 100}%`}
          </text>
          <text className="tick" x={x(0) - 4} y={y(tick) + 4} textAnchor="end">
            {`${tick * 100}%`}
          </text>
        </g>
      ))}
      <text className="axis" x={x(0.5)} y={y(0) + 27} textAnchor="middle">
        {t.oddsAxisPredicted}
      </text>
      <text
        className="axis"
        x={10}
        y={y(0.5)}
        textAnchor="middle"
        transform={`rotate(-90 10 ${y(0.5)})`}
      >
        {t.oddsAxisActual}
      </text>
      <line className="diagonal" x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} />
      {calibration.deciles.map((decile) =>
        decile.predicted === undefined || decile.actual === undefined ? null : (
          <circle
            key={decile.decile}
            className="decile"
            cx={x(decile.predicted)}
            cy={y(decile.actual)}
            r={2.5 + 6 * Math.sqrt(decile.count / most)}
          />
        ),
      )}
    </svg>
  );
}
