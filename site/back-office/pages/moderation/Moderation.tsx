import { fill } from "../../../../core/messages";
import type {
  ErasureSummary,
  ModerationAction,
  ModerationItem,
  ModerationView,
} from "../../../../core/views/back-office";
import { CardList, ColumnHeads, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";

interface ItemAction {
  action: ModerationAction;
  label: string;
  danger?: boolean;
}

function Item({
  item,
  t,
  actions,
  selectable,
}: {
  item: ModerationItem;
  t: BackOfficeMessages;
  actions: ItemAction[];
  selectable: boolean;
}) {
  const key = `${item.kind}-${item.id}`;
  const heading =
    item.kind === "comment"
      ? fill(t.moderationComment, { name: item.name })
      : fill(t.moderationReview, { name: item.name, rating: item.rating ?? "" });
  return (
    <li className="card">
      <article aria-labelledby={`title-${key}`}>
        <h3 id={`title-${key}`}>{heading}</h3>
        <p className="meta">
          {item.slug ? (
            <>
              {t.moderationOn} <a href={`/en/${item.slug}/`}>{item.slug}</a>.{" "}
            </>
          ) : null}
          {fill(t.moderationSent, { time: colomboTime(item.createdAt) })}
        </p>
        {item.hasImage ? (
          <img
            className="photo"
            src={`/admin/reviews/${item.id}/image`}
            alt={t.moderationPhoto}
            width={96}
            height={96}
          />
        ) : null}
        <p className="text">{item.text}</p>
        {selectable ? (
          <div className="select">
            <input
              type="checkbox"
              id={`select-${key}`}
              name="item"
              value={`${item.kind}:${item.id}`}
              aria-describedby={`title-${key}`}
            />
            <label htmlFor={`select-${key}`}>{t.moderationSelect}</label>
          </div>
        ) : null}
        <div>
          {actions.map(({ action, label, danger }) => (
            <button
              key={action}
              type="submit"
              name="one"
              value={`${action}:${item.kind}:${item.id}`}
              className={danger ? "danger" : action === "approve" ? undefined : "secondary"}
              aria-describedby={`title-${key}`}
            >
              {label}
            </button>
          ))}
        </div>
      </article>
    </li>
  );
}

function Erasures({ erasures, t }: { erasures: readonly ErasureSummary[]; t: BackOfficeMessages }) {
  if (erasures.length === 0) return <p>{t.moderationNoErasures}</p>;
  const by = (erasure: ErasureSummary) =>
    erasure.byEmail && erasure.byPhone
      ? t.erasureBoth
      : erasure.byEmail
        ? t.erasureEmail
        : t.erasurePhone;
  return (
    <table>
      <ColumnHeads names={[t.erasureWhen, t.erasureBy, t.erasureRecords]} />
      <tbody>
        {erasures.map((erasure, index) => (
          // Requests have no id of their own on this page; their order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once
          <tr key={index}>
            <td>{colomboTime(erasure.createdAt)}</td>
            <td>{by(erasure)}</td>
            <td>{erasure.erasedRecords}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ModerationPage({
  view,
  t,
  csrf,
}: {
  view: ModerationView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const done =
    view.done &&
    {
      approve: t.moderationDoneApprove,
      reject: t.moderationDoneReject,
      delete: t.moderationDoneDelete,
    }[view.done.action];
  return (
    <>
      {view.done && done ? <Notice>{fill(done, { count: view.done.count })}</Notice> : null}
      <search>
        <form method="get" action="/admin/moderation/" className="inline-form">
          <label htmlFor="q">{t.moderationSearch}</label>
          <input id="q" name="q" type="search" defaultValue={view.query} maxLength={100} />
          <button type="submit">{t.moderationSearchSubmit}</button>
          {view.query ? (
            <a className="button secondary" href="/admin/moderation/">
              {t.moderationSearchClear}
            </a>
          ) : null}
        </form>
      </search>
      {view.query ? <p>{fill(t.moderationSearching, { query: view.query })}</p> : null}
      <form method="post" action="/admin/moderation/">
        {/* The default button, disabled: Enter on a checkbox must not approve the first item. */}
        <button type="submit" disabled hidden />
        <CsrfField csrf={csrf} />
        {view.query ? <input type="hidden" name="q" value={view.query} /> : null}
        <h2>{fill(t.moderationPending, { count: view.pending.length })}</h2>
        {view.pending.length === 0 ? (
          <p>{t.moderationNothingPending}</p>
        ) : (
          <>
            <ul className="cards">
              {view.pending.map((item) => (
                <Item
                  key={`${item.kind}-${item.id}`}
                  item={item}
                  t={t}
                  selectable
                  actions={[
                    { action: "approve", label: t.moderationApprove },
                    { action: "reject", label: t.moderationReject },
                    { action: "delete", label: t.moderationDelete, danger: true },
                  ]}
                />
              ))}
            </ul>
            <fieldset>
              <legend>{t.moderationSelected}</legend>
              <button type="submit" name="action" value="approve">
                {t.moderationApproveSelected}
              </button>
              <button type="submit" name="action" value="reject" className="secondary">
                {t.moderationRejectSelected}
              </button>
            </fieldset>
          </>
        )}
        <h2>{t.moderationPublished}</h2>
        <CardList items={view.published} none={t.moderationNothingPublished}>
          {(item) => (
            <Item
              key={`${item.kind}-${item.id}`}
              item={item}
              t={t}
              selectable={false}
              actions={[
                { action: "reject", label: t.moderationTakeDown },
                { action: "delete", label: t.moderationDelete, danger: true },
              ]}
            />
          )}
        </CardList>
      </form>
      <h2>{t.moderationErasures}</h2>
      <Erasures erasures={view.erasures} t={t} />
    </>
  );
}
