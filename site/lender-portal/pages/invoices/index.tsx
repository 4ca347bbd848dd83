import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import { colomboDate, colomboTime, rupeeDigits } from "../../../operator/format";
import type { LenderPageOf } from "../../page";

/** The lender's invoices (decision 0422): a line each, the newest month first. */
export const invoicesPage: LenderPageOf<"invoices"> = {
  title: (_view, { t }) => t.invoicesTitle,
  section: () => "invoices",
  Body: ({ view, t, base }) => (
    <>
      <p>{t.invoicesIntro}</p>
      {view.invoices.length === 0 ? (
        <p>{t.invoicesNone}</p>
      ) : (
        <table className="lender-days">
          <thead>
            <tr>
              <th scope="col">{t.invoiceMonth}</th>
              <th scope="col">{t.invoiceItems}</th>
              <th scope="col">{t.invoiceAmount}</th>
              <th scope="col">{t.invoiceMade}</th>
            </tr>
          </thead>
          <tbody>
            {view.invoices.map((invoice) => (
              <tr key={invoice.id} data-invoice={invoice.id}>
                <th scope="row">
                  <a href={`${base}invoices/${invoice.id}/`}>{invoice.month}</a>
                </th>
                <td className="number" data-label={t.invoiceItems}>
                  {invoice.items}
                </td>
                <td className="number" data-label={t.invoiceAmount}>
                  {formatRupees(invoice.totalRupees)}
                </td>
                <td data-label={t.invoiceMade}>{colomboDate(invoice.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  ),
};

/** One invoice: its figures by what it bills, its files, and every item. */
export const invoicePage: LenderPageOf<"invoice"> = {
  title: (view, { t }) => fill(t.invoiceTitle, { month: view.invoice.month }),
  section: () => "invoices",
  Body: ({ view, t, base }) => {
    const { invoice } = view;
    const own = `${base}invoices/${invoice.id}/`;
    return (
      <>
        <dl>
          <dt>{t.invoiceId}</dt>
          <dd>
            <code>{invoice.id}</code>
          </dd>
          <dt>{t.invoiceMade}</dt>
          <dd>{colomboTime(invoice.createdAt)}</dd>
          <dt>{t.invoiceAmount}</dt>
          <dd data-total={invoice.totalRupees}>{formatRupees(invoice.totalRupees)}</dd>
        </dl>
        <p>
          <a className="lender-target" href={`${own}invoice.pdf`}>
            {t.invoicePdf}
          </a>
          {" · "}
          <a className="lender-target" href={`${own}invoice.csv`}>
            {t.invoiceCsv}
          </a>
          {" · "}
          <a className="lender-target" href={`${base}invoices/`}>
            {t.invoiceBack}
          </a>
        </p>
        <table className="lender-days">
          <thead>
            <tr>
              <th scope="col">{t.invoiceWhat}</th>
              <th scope="col">{t.invoiceCount}</th>
              <th scope="col">{t.invoiceAmount}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.model} data-model={line.model}>
                <th scope="row">{t.invoiceModels[line.model]}</th>
                <td className="number" data-label={t.invoiceCount}>
                  {line.count}
                </td>
                <td className="number" data-label={t.invoiceAmount}>
                  {formatRupees(line.rupees)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t.invoiceItemsTitle}</h2>
        <table className="lender-days">
          <thead>
            <tr>
              <th scope="col">{t.invoiceWhen}</th>
              <th scope="col">{t.invoiceWhat}</th>
              <th scope="col">{t.invoiceSource}</th>
              <th scope="col">{t.invoiceAmount}</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item) => (
              <tr key={`${item.model}:${item.sourceId}`}>
                <th scope="row">{colomboTime(item.occurredAt)}</th>
                <td data-label={t.invoiceWhat}>{t.invoiceModels[item.model]}</td>
                <td className="id" data-label={t.invoiceSource}>
                  {item.sourceId}
                </td>
                <td className="number" data-label={t.invoiceAmount}>
                  {rupeeDigits(item.rupees)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  },
};
