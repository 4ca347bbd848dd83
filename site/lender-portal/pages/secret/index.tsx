import { fill } from "../../../../core/messages";
import { SECRET_GRACE_HOURS } from "../../../../core/views/lender-portal";
import { Choices, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import type { LenderPageOf } from "../../page";

/**
 * The live secret (decision 0412): a new one shown once, and how long the
 * old one keeps working, chosen from SECRET_GRACE_HOURS.
 */
export const secretPage: LenderPageOf<"secret"> = {
  title: (_view, { t }) => t.secretTitle,
  section: () => "secret",
  Body: ({ view, t, base }) => {
    if (!view.api) return <p>{t.secretNotApi}</p>;
    const until = view.previousUntil ? colomboTime(view.previousUntil) : undefined;
    return (
      <>
        <p>{t.secretIntro}</p>
        {view.newSecret ? (
          <>
            <Notice>{until ? fill(t.liveSecretNew, { time: until }) : t.liveSecretFirst}</Notice>
            <p>
              <code className="secret">{view.newSecret}</code>
            </p>
          </>
        ) : (
          <p>{view.hasSecret ? t.liveSecretSet : t.liveSecretNone}</p>
        )}
        {until && !view.newSecret ? <p>{fill(t.secretGraceUntil, { time: until })}</p> : null}
        <form method="post" action={`${base}secret/rotate`}>
          <CsrfField csrf={view.csrf} />
          <Choices
            id="grace"
            name="grace"
            type="radio"
            legend={t.graceLegend}
            values={SECRET_GRACE_HOURS.map(String)}
            names={Object.fromEntries(
              SECRET_GRACE_HOURS.map((hours) => [String(hours), t.graces[hours]]),
            )}
            chosen={[String(view.grace)]}
            problem={undefined}
          />
          <p>
            <button type="submit">{t.rotateLive}</button>
          </p>
        </form>
      </>
    );
  },
};
