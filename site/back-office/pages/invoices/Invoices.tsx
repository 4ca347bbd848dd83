import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import type {
  InvoiceProblem,
  InvoicesView,
  InvoiceView,
  PriceField,
  PriceModel,
} from "../../../../core/views/back-office-invoices";
import { Alert, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime, rupeeDigits } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";

function problemText(problem: InvoiceProblem, t: BackOfficeMessages): string {
  return {
    month: t.invoicesProblemMonth,
    open: t.invoicesProblemOpen,
    empty: t.invoicesProblemEmpty,
    conflict: t.invoicesProblemConflict,
  }[problem];
}

function modelWords(model: PriceModel, t: BackOfficeMessages): string {
  return { lead: t.modelLead, click: t.modelClick, issued: t.modelIssued }[model];
}

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
      {view.problem ? <Alert>{problemText(view.problem, t)}</Alert> : null}
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
      {view.invoices.length === 0 ? (
        <p>{t.invoicesNone}</p>
      ) : (
        <ul className="cards">
          {view.invoices.map((invoice) => (
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
          ))}
        </ul>
      )}
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

function priceProblemText(field: PriceField, t: BackOfficeMessages): string {
  return {
    lender: t.priceProblemLender,
    model: t.priceProblemModel,
    rupees: t.priceProblemRupees,
    from: t.priceProblemFrom,
  }[field];
}

/** The lenders' prices, and the form that sets one from a day on. */
function Prices({ view, t, csrf }: { view: InvoicesView; t: BackOfficeMessages; csrf: string }) {
  const form = view.price?.form;
  const problems = new Set(view.price?.problems ?? []);
  const error = (field: PriceField) =>
    problems.has(field) ? (
      <span className="field-error" id={`price-${field}-error`}>
        {priceProblemText(field, t)}
      </span>
    ) : null;
  const invalid = (field: PriceField) =>
    problems.has(field) ? { "aria-invalid": true, "aria-describedby": `price-${field}-error` } : {};
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
              <th scope="col">{t.invoicesLender}</th>
              <th scope="col">{t.pricesFrom}</th>
              <th scope="col">{t.pricesModel}</th>
              <th scope="col">{t.pricesRupees}</th>
              <th scope="col">{t.pricesSetBy}</th>
            </tr>
          </thead>
          <tbody>
            {view.prices.map((price) => (
              <tr key={`${price.lenderId}:${price.from}`}>
                <th scope="row">{price.lenderName}</th>
                <td>{price.from}</td>
                <td>{modelWords(price.model, t)}</td>
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
        <div>
          <label htmlFor="price-lender">{t.priceLender}</label>
          {error("lender")}
          <select
            id="price-lender"
            name="lender"
            defaultValue={form?.lender ?? ""}
            {...invalid("lender")}
          >
            <option value="">{t.priceChoose}</option>
            {view.lenders.map((lender) => (
              <option key={lender.id} value={lender.id}>
                {`${lender.name} (${lender.id})`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="price-model">{t.priceModel}</label>
          {error("model")}
          <select
            id="price-model"
            name="model"
            defaultValue={form?.model ?? "lead"}
            {...invalid("model")}
          >
            {(["lead", "click", "issued"] as const).map((model) => (
              <option key={model} value={model}>
                {modelWords(model, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="price-rupees">{t.priceRupees}</label>
          {error("rupees")}
          <input
            id="price-rupees"
            name="rupees"
            type="text"
            inputMode="numeric"
            defaultValue={form?.rupees ?? ""}
            {...invalid("rupees")}
          />
        </div>
        <div>
          <label htmlFor="price-from">{t.priceFrom}</label>
          {error("from")}
          <input
            id="price-from"
            name="from"
            type="date"
            defaultValue={form?.from ?? ""}
            {...invalid("from")}
          />
        </div>
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
              <td>{modelWords(item.model, t)}</td>
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
