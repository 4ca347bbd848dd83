import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import type {
  CardEditView,
  CardFormField,
  CardsView,
} from "../../../../core/views/back-office-cards";
import {
  Alert,
  CardList,
  CsrfField,
  FormTextField,
  type FormTextFieldProps,
  Notice,
} from "../../../operator/fields";
import type { BackOfficeMessages } from "../../messages";

/** /admin/cards/ (issue 21): the cards of the credit cards page; add, edit, remove. */
export function CardsPage({ view, t }: { view: CardsView; t: BackOfficeMessages }) {
  const { notice } = view;
  return (
    <>
      {notice ? (
        <Notice>
          {fill(notice.kind === "saved" ? t.cardsNoticeSaved : t.cardsNoticeRemoved, {
            id: notice.id,
          })}
        </Notice>
      ) : null}
      <p>{t.cardsIntro}</p>
      <p>
        <a className="button" href="/admin/cards/new/">
          {t.cardsAdd}
        </a>
      </p>
      <CardList items={view.cards} none={t.cardsNone}>
        {(card) => (
          <li key={card.id} className="card">
            <h2>
              <a href={`/admin/cards/${card.id}/`}>
                {card.issuer.en} {card.name.en}
              </a>
            </h2>
            <p className="meta">
              {fill(t.cardsFigures, {
                id: card.id,
                annualFee: formatRupees(card.annualFee),
                interestRate: card.interestRate,
                lateFee: formatRupees(card.lateFee),
                checkedOn: card.checkedOn,
              })}
            </p>
          </li>
        )}
      </CardList>
    </>
  );
}

const idOf = (name: string) => `card-${name.replace(/\./g, "-")}`;

/** A text field of the card's form. */
const Field = (props: FormTextFieldProps<CardFormField>) => (
  <FormTextField idOf={idOf} {...props} />
);

/** A new card's form, or a stored one's with its remove button. */
export function CardEditPage({
  view,
  t,
  csrf,
}: {
  view: CardEditView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const editing = view.mode === "edit";
  const action = editing ? `/admin/cards/${view.form.id}/` : "/admin/cards/";
  const labels: [CardFormField, string][] = [
    ["issuer.en", t.cardIssuerEn],
    ["issuer.si", t.cardIssuerSi],
    ["issuer.ta", t.cardIssuerTa],
    ["name.en", t.cardNameEn],
    ["name.si", t.cardNameSi],
    ["name.ta", t.cardNameTa],
    ["annualFee", t.cardAnnualFee],
    ["interestRate", t.cardInterestRate],
    ["cashAdvanceFee.percent", t.cardCashAdvancePercent],
    ["cashAdvanceFee.minimum", t.cardCashAdvanceMinimum],
    ["lateFee", t.cardLateFee],
    ["minimumPayment.percent", t.cardMinimumPercent],
    ["minimumPayment.minimum", t.cardMinimumMinimum],
    ["website", t.cardWebsite],
    ["checkedOn", t.cardCheckedOn],
  ];
  const errors = Object.entries(view.errors ?? {});
  return (
    <>
      <p>
        <a href="/admin/cards/">{t.cardBackToList}</a>
      </p>
      {errors.length > 0 ? (
        <Alert>
          {t.cardProblems} {errors.map(([field, problem]) => `${field}: ${problem}`).join("; ")}
        </Alert>
      ) : null}
      <form method="post" action={action}>
        <CsrfField csrf={csrf} />
        <Field name="id" label={t.cardId} view={view} readOnly={editing} />
        {labels.map(([name, label]) => (
          <Field key={name} name={name} label={label} view={view} />
        ))}
        <button type="submit">{t.cardSave}</button>
      </form>
      {editing ? (
        <form method="post" action={`/admin/cards/${view.form.id}/remove`}>
          <CsrfField csrf={csrf} />
          <button type="submit" className="danger">
            {t.cardRemove}
          </button>
        </form>
      ) : null}
    </>
  );
}
