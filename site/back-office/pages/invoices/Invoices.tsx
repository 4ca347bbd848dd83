import type { ReactNode } from "react";
import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import {
  type InvoiceProblem,
  type InvoicesView,
  type InvoiceView,
  PRICE_MODELS,
  type PriceField,
  type PriceModel,
} from "../../../../core/views/back-office-invoices";
import { Alert, CardList, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime, rupeeDigits } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";

type MessageKey = keyof BackOfficeMessages;

const PROBLEM_TEXT: Record<InvoiceProblem, MessageKey> = {
  month: "invoicesProblemMonth",
  open: "invoicesProblemOpen",
  empty: "invoicesProblemEmpty",
  conflict: "invoicesProblemConflict",
};
const MODEL_WORDS: Record<PriceModel, MessageKey> = {
  lead: "modelLead",
  click: "modelClick",
  issued: "modelIssued",
};
const PRICE_PROBLEM_TEXT: Record<PriceField, MessageKey> = {
  lender: "priceProblemLender",
  model: "priceProblemModel",
  rupees: "priceProblemRupees",
  from: "priceProblemFrom",
};

/**
 * /admin/invoices/ (issue 34): a month's billable items per lender and the
 * run that invoices them, the month's invoices, its money in and out beside
 * the payouts (decision 0397), and the lenders' prices with their form.
 */
export function InvoicesPage({
  view,
  t,
  csrf,
}: {
  view: InvoicesView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const month = view.month;
  return (
    <>
      <p>{t.invoicesIntro}</p>
      {view.problem ? <Alert>{t[PROBLEM_TEXT[view.problem]]}</Alert> : null}
      <form method="get" action="/admin/invoices/" className="inline-form">
        <div>
          <label htmlFor="invoices-month">{t.invoicesMonth}</label>
          <input id="invoices-month" name="month" type="month" defaultValue={month} />
        </div>
        <p>
          <button type="submit">{t.invoicesShow}</button>
        </p>
      </form>
      <h2>{fill(t.invoicesUnbilled, { month })}</h2>
      {view.unbilled.length === 0 ? (
        <p>{t.invoicesNothing}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.invoicesLender}</th>
                <th scope="col">{t.invoicesItems}</th>
                <th scope="col">{t.invoicesAmount}</th>
              </tr>
            </thead>
            <tbody>
              {view.unbilled.map((row) => (
                <tr key={row.lenderId}>
                  <th scope="row">{row.lenderName}</th>
                  <td className="number">{row.items}</td>
                  <td className="number">{rupeeDigits(row.totalRupees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <form method="post" action="/admin/invoices/">
            <CsrfField csrf={csrf} />
            <input type="hidden" name="month" value={month} />
            <p>
              <button type="submit">{fill(t.invoicesCreate, { month })}</button>
            </p>
          </form>
        </>
      )}
      <h2>{fill(t.invoicesOfMonth, { month })}</h2>
      <CardList items={view.invoices} none={t.invoicesNone}>
        {(invoice) => (
          <li key={invoice.id} className="card">
            <h3>
              <a href={`/admin/invoices/${invoice.id}/`}>{invoice.lenderName}</a>
            </h3>
            <p className="meta">
              {fill(t.invoicesMeta, {
                total: formatRupees(invoice.totalRupees),
                count: invoice.items,
                time: colomboTime(invoice.createdAt),
                who: invoice.createdBy,
              })}
            </p>
          </li>
        )}
      </CardList>
      <MonthMatchTable view={view} t={t} />
      <Prices view={view} t={t} csrf={csrf} />
    </>
  );
}

function MonthMatchTable({ view, t }: { view: InvoicesView; t: BackOfficeMessages }) {
  const { match } = view;
  const rows: [string, number][] = [
    [t.matchInvoiced, match.invoicedRupees],
    [t.matchUnbilled, match.unbilledRupees],
    [t.matchEarned, -match.partnersEarnedRupees],
    [t.matchAdjustments, -match.adjustmentsRupees],
  ];
  return (
    <>
      <h2 id="match">{fill(t.matchTitle, { month: match.month })}</h2>
      <table className="match">
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="number">{rupeeDigits(amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.matchMargin}</th>
            <td className="number">{rupeeDigits(match.marginRupees)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** A field of the price form: its label, its problem if refused, and the control. */
function PriceFormField({
  field,
  label,
  problem,
  children,
}: {
  field: PriceField;
  label: string;
  problem: string | undefined;
  children: (aria: Record<string, string | boolean>) => ReactNode;
}) {
  const id = `price-${field}`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {problem ? (
        <span className="field-error" id={`${id}-error`}>
          {problem}
        </span>
      ) : null}
      {children({
        id,
        name: field,
        ...(problem ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}),
      })}
    </div>
  );
}

/** The lenders' prices, and the form that sets one from a day on. */
function Prices({ view, t, csrf }: { view: InvoicesView; t: BackOfficeMessages; csrf: string }) {
  const form = view.price?.form;
  const problems = new Set(view.price?.problems ?? []);
  const field = (name: PriceField, label: string) => ({
    field: name,
    label,
    problem: problems.has(name) ? t[PRICE_PROBLEM_TEXT[name]] : undefined,
  });
  return (
    <>
      <h2 id="prices">{t.pricesTitle}</h2>
      <p>{t.pricesIntro}</p>
      {view.priced ? <Notice>{t.priceSaved}</Notice> : null}
      {view.prices.length === 0 ? (
        <p>{t.pricesNone}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {[t.invoicesLender, t.pricesFrom, t.pricesModel, t.pricesRupees, t.pricesSetBy].map(
                (heading) => (
                  <th scope="col" key={heading}>
                    {heading}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {view.prices.map((price) => (
              <tr key={`${price.lenderId}:${price.from}`}>
                <th scope="row">{price.lenderName}</th>
                <td>{price.from}</td>
                <td>{t[MODEL_WORDS[price.model]]}</td>
                <td className="number">{rupeeDigits(price.rupees)}</td>
                <td>{price.createdBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t.priceSet}</h3>
      {problems.size > 0 ? <Alert>{t.priceProblem}</Alert> : null}
      <form method="post" action="/admin/invoices/prices" className="price-form">
        <CsrfField csrf={csrf} />
        <PriceFormField {...field("lender", t.priceLender)}>
          {(aria) => (
            <select {...aria} defaultValue={form?.lender ?? ""}>
              <option value="">{t.priceChoose}</option>
              {view.lenders.map((lender) => (
                <option key={lender.id} value={lender.id}>
                  {`${lender.name} (${lender.id})`}
                </option>
              ))}
            </select>
          )}
        </PriceFormField>
        <PriceFormField {...field("model", t.priceModel)}>
          {(aria) => (
            <select {...aria} defaultValue={form?.model ?? "lead"}>
              {PRICE_MODELS.map((model) => (
                <option key={model} value={model}>
                  {t[MODEL_WORDS[model]]}
                </option>
              ))}
            </select>
          )}
        </PriceFormField>
        <PriceFormField {...field("rupees", t.priceRupees)}>
          {(aria) => (
            <input {...aria} type="text" inputMode="numeric" defaultValue={form?.rupees ?? ""} />
          )}
        </PriceFormField>
        <PriceFormField {...field("from", t.priceFrom)}>
          {(aria) => <input {...aria} type="date" defaultValue={form?.from ?? ""} />}
        </PriceFormField>
        <p>
          <button type="submit">{t.priceSave}</button>
        </p>
      </form>
    </>
  );
}

/** /admin/invoices/:invoice/: one invoice, item by item, with its CSV and PDF. */
export function InvoicePage({ view, t }: { view: InvoiceView; t: BackOfficeMessages }) {
  const { invoice } = view;
  const base = `/admin/invoices/${invoice.id}/`;
  return (
    <>
      {view.created ? <Notice>{t.invoiceCreated}</Notice> : null}
      <p>
        {fill(t.invoiceIntro, {
          name: invoice.lenderName,
          lender: invoice.lenderId,
          month: invoice.month,
          total: formatRupees(invoice.totalRupees),
          count: invoice.items,
          time: colomboTime(invoice.createdAt),
          who: invoice.createdBy,
        })}
      </p>
      <p>
        <a href={`${base}invoice.pdf`}>{t.invoicePdf}</a>
        {" · "}
        <a href={`${base}invoice.csv`}>{t.invoiceCsv}</a>
        {" · "}
        <a href={`/admin/invoices/?month=${invoice.month}`}>
          {fill(t.invoiceBack, { month: invoice.month })}
        </a>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.invoiceWhen}</th>
            <th scope="col">{t.invoiceWhat}</th>
            <th scope="col">{t.invoiceSource}</th>
            <th scope="col">{t.invoicesAmount}</th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((item) => (
            <tr key={`${item.model}:${item.sourceId}`}>
              <td>{colomboTime(item.occurredAt)}</td>
              <td>{t[MODEL_WORDS[item.model]]}</td>
              <td>{item.sourceId}</td>
              <td className="number">{rupeeDigits(item.rupees)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t.invoicesTotal}
            </th>
            <td className="number">{rupeeDigits(invoice.totalRupees)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}
