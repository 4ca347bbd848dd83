import { fill } from "../../../core/messages";
import type { LenderMessages } from "../../messages/lender";
import type { LenderView } from "./page.server";

/** "+94 11 234 5678" as a tel: address. */
const telOf = (phone: string) => `tel:${phone.replace(/[\s-]/g, "")}`;

/** An address without its scheme and trailing slash, as people read it. */
const readable = (url: string) => url.replace(/^https:\/\//, "").replace(/\/$/, "");

/**
 * Who the lender is (issue 15): its registered name, its licence (the
 * regulator and kind in words, its number) or that it is a sample or a
 * sandbox, its website and where to complain.
 */
export function LenderFacts({ view, t }: { view: LenderView; t: LenderMessages }) {
  const { licence, complaints } = view;
  return (
    <dl className="lender-facts">
      {view.legalName && !view.sample ? (
        <div>
          <dt>{t.lenderLegalName}</dt>
          <dd>{view.legalName}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t.lenderLicence}</dt>
        <dd>
          {licence
            ? fill(t.lenderLicenceValue, {
                regulator: t[`lenderRegulator:${licence.regulator}`],
                category: t[`lenderLicenceCategory:${licence.category}`],
                number: licence.number,
              })
            : view.sandbox
              ? t.lenderLicenceSandbox
              : t.lenderLicenceSample}
        </dd>
      </div>
      {view.website ? (
        <div>
          <dt>{t.lenderWebsite}</dt>
          <dd>
            <a href={view.website} rel="noopener noreferrer external nofollow">
              {readable(view.website)}
            </a>
          </dd>
        </div>
      ) : null}
      {complaints ? (
        <div>
          <dt>{t.lenderComplaints}</dt>
          <dd>
            <ul className="lender-contacts">
              {complaints.email ? (
                <li>
                  <a href={`mailto:${complaints.email}`}>{complaints.email}</a>
                </li>
              ) : null}
              {complaints.phone ? (
                <li>
                  <a href={telOf(complaints.phone)}>{complaints.phone}</a>
                </li>
              ) : null}
              {complaints.url ? (
                <li>
                  <a href={complaints.url} rel="noopener noreferrer external nofollow">
                    {readable(complaints.url)}
                  </a>
                </li>
              ) : null}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
