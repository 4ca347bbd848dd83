import type { Offer } from "../../core/domain/schemas/offer";
import {
  PRODUCT_NAME_LANGUAGES,
  type ProductNameLanguage,
  type ProductNameProblem,
  type ProductNames,
} from "../../core/views/lender-portal";
import { text } from "../accounts/sign-in";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import { previewOffersOf, sampleLoan, storedLender } from "./lender-admin";
import { lenderRecordSchema, productSchema } from "./lender-record";
import { lenderLogoPath } from "./logos";

/**
 * A lender's own names for its products (issue 34, decision 0415), from the
 * lender portal: `headers` (si, en, and ta) only. `header`, the feed's key
 * (SPEC §9's one offer per header), and every rate, fee, range and criterion
 * stay the operator's.
 */

/** The offer schema's limit on a name. */
export const PRODUCT_NAME_MAX = 100;

/** A control character (Unicode's Cc: U+0000–U+001F, U+007F–U+009F): no name has one. */
const CONTROL = /\p{Cc}/u;

/** The names a form gives, as typed, and each one's problem: nothing is trimmed away unseen. */
export function productNamesFrom(form: Record<string, unknown>): {
  typed: ProductNames;
  names: ProductNames;
  problems: Partial<Record<ProductNameLanguage, ProductNameProblem>>;
} {
  const typed = {} as ProductNames;
  const names = {} as ProductNames;
  const problems: Partial<Record<ProductNameLanguage, ProductNameProblem>> = {};
  for (const language of PRODUCT_NAME_LANGUAGES) {
    // Kept as typed (within bounds) so that a refused form shows it again.
    typed[language] = text(form[language], PRODUCT_NAME_MAX * 10);
    names[language] = typed[language].trim();
    if (CONTROL.test(typed[language])) problems[language] = "control";
    else if (names[language].length > PRODUCT_NAME_MAX) problems[language] = "too_long";
    else if (names[language] === "" && language !== "ta") problems[language] = "required";
  }
  return { typed, names, problems };
}

/** The offer schema's `headers` from checked names: Tamil only when given. */
export function headersOf(names: ProductNames): NonNullable<Offer["headers"]> {
  return { en: names.en, si: names.si, ...(names.ta ? { ta: names.ta } : {}) };
}

/** A product's names as the form shows them: its `headers`, else its `header` in si and en. */
export function storedNames(offer: Offer): ProductNames {
  const headers = offer.headers;
  return {
    si: headers?.si ?? offer.header,
    en: headers?.en ?? offer.header,
    ta: headers?.ta ?? "",
  };
}

/**
 * A lender's products as the borrower's cards show them, in catalogue
 * order, with the loan each card is priced for (inside the product's
 * ranges); whatever its status, since a lender names its products before it
 * goes live. The logo is the public one (a draft's is not served yet).
 */
export async function lenderProductCards(
  storage: Storage,
  lenderId: string,
): Promise<{ offer: Offer; amount: number; termDays: number }[]> {
  const stored = await storedLender(storage, lenderId);
  if (!stored) return [];
  const parsed = lenderRecordSchema.safeParse(stored.record);
  if (!parsed.success) return [];
  const sampleLogo = stored.row.sample === 1 && !stored.hasLogo;
  const logo = sampleLogo ? `/lenders/${lenderId}.svg` : lenderLogoPath(lenderId);
  const offers = previewOffersOf(parsed.data, logo);
  return offers.map((offer) => ({
    // A sample's or a sandbox's badge, as on the borrower's card.
    offer: {
      ...offer,
      lender: {
        ...offer.lender,
        sample: stored.row.sample === 1,
        ...(stored.row.sandbox === 1 ? { sandbox: true } : {}),
      },
    },
    ...sampleLoan([offer]),
  }));
}

/**
 * Writes one product's `headers`, if the product is the lender's: checked
 * again with the product's schema, audited as a lender's change is, and every
 * instance's cached pages dropped (the page version, decision 0260), all in
 * one transaction. Answers false for a product that is not the lender's.
 */
export async function saveProductNames(
  storage: Storage,
  change: {
    lenderId: string;
    offerId: number;
    names: ProductNames;
    actor: AuditActor;
    now: Date;
  },
): Promise<boolean> {
  const { lenderId, offerId, actor, now } = change;
  return storage.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("lender_products")
      .select("offer")
      .where("offer_id", "=", offerId)
      .where("lender_id", "=", lenderId)
      .executeTakeFirst();
    if (!row) return false;
    const stored = JSON.parse(row.offer) as Record<string, unknown>;
    const headers = headersOf(change.names);
    // The stored JSON as it was, with new headers: the schema sees the product whole.
    productSchema.parse({ ...stored, offer_id: offerId, headers });
    const offer = JSON.stringify({ ...stored, headers });
    const at = now.toISOString();
    await trx
      .updateTable("lender_products")
      .set({ offer, updated_at: at })
      .where("offer_id", "=", offerId)
      .execute();
    // Audited as the back office's lender edits are: the product's names before and after.
    const before = { product: offerId, headers: stored.headers ?? null };
    const audit = { action: "lender.update", subject: `lender:${lenderId}` } as const;
    await recordAudit(trx, actor, { ...audit, before, after: { product: offerId, headers } }, now);
    await touchPages(trx, storage);
    return true;
  });
}
