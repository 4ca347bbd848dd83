import { fill } from "../../../../core/messages";
import type { ControlsLimit, ControlsView } from "../../../../core/views/lender-portal";
import { Alert, CsrfField, Notice, TextField } from "../../../operator/fields";
import { rupeeDigits } from "../../../operator/format";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

const LIMITS = ["dailyLeadCap", "concurrency", "deadlineMs"] as const;

/** What an empty field means: no cap, or the server's concurrency or deadline. */
function whenEmpty(view: ControlsView, field: (typeof LIMITS)[number], t: LenderPortalMessages) {
  if (field === "dailyLeadCap") return t.limitNone;
  return rupeeDigits(field === "concurrency" ? view.serverConcurrency : view.serverDeadlineMs);
}

/** A limit's range as the page writes it: "1,000,000". */
const rangeOf = (limit: ControlsLimit) => ({
  min: rupeeDigits(limit.min),
  max: rupeeDigits(limit.max),
});

function limitProblem(limit: ControlsLimit, t: LenderPortalMessages): string | undefined {
  if (!limit.problem) return undefined;
  return fill(t.limitProblems[limit.problem], rangeOf(limit));
}

/**
 * Controls (decisions 0410, 0411): pause or resume, and the limits within
 * the operator's, each with its allowed range; problems beside the field.
 */
export const controlsPage: LenderPageOf<"controls"> = {
  title: (_view, { t }) => t.controlsTitle,
  section: () => "controls",
  Body: ({ view, t, base }) => {
    const action = `${base}controls/`;
    const operatorPaused = view.status === "paused" && view.pausedBy !== "lender";
    return (
      <>
        {view.problem ? <Alert>{t.controlsProblems[view.problem]}</Alert> : null}
        {view.notice && !view.problem ? <Notice>{t.controlsNotices[view.notice]}</Notice> : null}
        <h2>{t.statusTitle}</h2>
        <p data-status={view.status}>{t.statuses[view.status]}</p>
        {operatorPaused ? <p>{t.pausedByOperator}</p> : null}
        {view.status === "live" || (view.status === "paused" && !operatorPaused) ? (
          <form method="post" action={`${action}${view.status === "live" ? "pause" : "resume"}`}>
            <CsrfField csrf={view.csrf} />
            <button type="submit">{view.status === "live" ? t.pause : t.resume}</button>
          </form>
        ) : null}
        <h2>{t.limitsTitle}</h2>
        {view.api ? (
          <form method="post" action={`${action}limits`}>
            <CsrfField csrf={view.csrf} />
            <p>{t.limitsIntro}</p>
            {LIMITS.map((field) => {
              const limit = view[field];
              return (
                <TextField
                  key={field}
                  id={field}
                  name={field}
                  label={t[field]}
                  hint={`${fill(t.limitRange, rangeOf(limit))} ${fill(t.limitServer, {
                    value: whenEmpty(view, field, t),
                  })}`}
                  problem={limitProblem(limit, t)}
                  value={limit.value}
                  inputMode="numeric"
                  maxLength={9}
                />
              );
            })}
            <p>
              <button type="submit">{t.saveLimits}</button>
            </p>
          </form>
        ) : (
          <p>{t.limitsCriteria}</p>
        )}
      </>
    );
  },
};
