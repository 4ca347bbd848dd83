import type { AuditEntry, AuditView } from "../../../../core/views/back-office";
import { CardList } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";

function Entry({ entry, t }: { entry: AuditEntry; t: BackOfficeMessages }) {
  return (
    <li className="card">
      <article aria-labelledby={`entry-${entry.id}`}>
        <h3 id={`entry-${entry.id}`}>{entry.action}</h3>
        <dl className="pairs">
          <dt>{t.auditWhen}</dt>
          <dd>{colomboTime(entry.at)}</dd>
          <dt>{t.auditWho}</dt>
          <dd>{entry.actor}</dd>
          <dt>{t.auditSubject}</dt>
          <dd>
            {entry.subject}
            {entry.subjectLabel ? ` (${entry.subjectLabel})` : ""}
          </dd>
          {entry.before ? (
            <>
              <dt>{t.auditBefore}</dt>
              <dd className="json">{entry.before}</dd>
            </>
          ) : null}
          {entry.after ? (
            <>
              <dt>{t.auditAfter}</dt>
              <dd className="json">{entry.after}</dd>
            </>
          ) : null}
        </dl>
      </article>
    </li>
  );
}

export function AuditPage({ view, t }: { view: AuditView; t: BackOfficeMessages }) {
  const query = (pageNumber: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(view.filter)) if (value) params.set(name, value);
    if (pageNumber > 1) params.set("page", String(pageNumber));
    const text = params.toString();
    return `/admin/audit/${text ? `?${text}` : ""}`;
  };
  return (
    <>
      <p>{t.timesNote}</p>
      <form method="get" action="/admin/audit/">
        <fieldset>
          <legend>{t.auditFilter}</legend>
          <label htmlFor="actor">{t.auditWho}</label>
          <select id="actor" name="actor" defaultValue={view.filter.actor}>
            <option value="">{t.auditAnyone}</option>
            {view.actors.map((actor) => (
              <option key={actor.value} value={actor.value}>
                {actor.label}
              </option>
            ))}
          </select>
          <label htmlFor="action">{t.auditWhat}</label>
          <select id="action" name="action" defaultValue={view.filter.action}>
            <option value="">{t.auditAnything}</option>
            {view.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
          <label htmlFor="from">{t.auditFrom}</label>
          <input id="from" name="from" type="date" defaultValue={view.filter.from} />
          <label htmlFor="to">{t.auditTo}</label>
          <input id="to" name="to" type="date" defaultValue={view.filter.to} />
          <p>
            <button type="submit">{t.auditApply}</button>
          </p>
        </fieldset>
      </form>
      <CardList items={view.entries} none={t.auditNone}>
        {(entry) => <Entry key={entry.id} entry={entry} t={t} />}
      </CardList>
      <p>
        {view.pageNumber > 1 ? <a href={query(view.pageNumber - 1)}>{t.auditNewer}</a> : null}{" "}
        {view.more ? <a href={query(view.pageNumber + 1)}>{t.auditOlder}</a> : null}
      </p>
    </>
  );
}
