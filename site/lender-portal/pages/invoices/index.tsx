import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import { ColumnHeads } from "../../../operator/fields";
import { colomboDate, colomboTime, rupeeDigits } from "../../../operator/format";
import { LabelledCells } from "../../../operator/labelled-cells";
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
        <table className="lender-days row-cards">
          <ColumnHeads names={[t.invoiceMonth, t.invoiceItems, t.invoiceAmount, t.invoiceMade]} />
          <tbody>
            {view.invoices.map((invoice) => (
              <tr key={invoice.id} data-invoice={invoice.id}>
                <th scope="row">
                  <a href={`${base}invoices/${invoice.id}/`}>{invoice.month}</a>
                </th>
                <LabelledCells
                  cells={[
                    { label: t.invoiceItems, value: invoice.items, kind: "number" },
                    {
                      label: t.invoiceAmount,
                      value: formatRupees(invoice.totalRupees),
                      kind: "number",
                    },
                    { label: t.invoiceMade, value: colomboDate(invoice.createdAt) },
                  ]}
                />
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
    const links: [string, string][] = [
      [`${own}invoice.pdf`, t.invoicePdf],
      [`${own}invoice.csv`, t.invoiceCsv],
      [`${base}invoices/`, t.invoiceBack],
    ];
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
        <ul>
          {links.map(([href, label]) => (
            <li key={href}>
              <a className="lender-target" href={href}>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <table className="lender-days row-cards">
          <ColumnHeads names={[t.invoiceWhat, t.invoiceCount, t.invoiceAmount]} />
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.model} data-model={line.model}>
                <th scope="row">{t.invoiceModels[line.model]}</th>
                <LabelledCells
                  cells={[
                    { label: t.invoiceCount, value: line.count, kind: "number" },
                    { label: t.invoiceAmount, value: formatRupees(line.rupees), kind: "number" },
                  ]}
                />
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t.invoiceItemsTitle}</h2>
        <table className="lender-days row-cards">
          <ColumnHeads names={[t.invoiceWhen, t.invoiceWhat, t.invoiceSource, t.invoiceAmount]} />
          <tbody>
            {view.items.map((item) => (
              <tr key={`${item.model}:${item.sourceId}`}>
                <th scope="row">{colomboTime(item.occurredAt)}</th>
                <LabelledCells
                  cells={[
                    { label: t.invoiceWhat, value: t.invoiceModels[item.model] },
                    { label: t.invoiceSource, value: item.sourceId, kind: "id" },
                    { label: t.invoiceAmount, value: rupeeDigits(item.rupees), kind: "number" },
                  ]}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  },
};
