import { colomboToday } from "../../core/helpers/dates";
import type { LenderProductView, ProductsView } from "../../core/views/lender-portal";
import { lenderAccountActor } from "../staff/audit";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";
import {
  headersOf,
  lenderProductCards,
  productNamesFrom,
  saveProductNames,
  storedNames,
} from "./lender-product-names";

/** An offer id in an address: digits, no sign, no leading zero. */
const OFFER_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The lender portal's products (decision 0415), the admin's: each product's
 * names in Sinhala, English and Tamil, and the borrower's card in each
 * language with the names typed ("Preview", nothing written) or saved.
 * Another lender's product is not found here.
 */
export const lenderProductsSection: LenderPortalSection = (router, portal) => {
  const { base, storage, now, send, frame, memberWhoCan, formWhoCan } = portal;
  const productsPath = `${base}products/`;

  /** The page: every product as stored, one of them as typed (`changed`), or one just saved. */
  const productsView = async (
    session: LenderSession,
    changed?: Omit<LenderProductView, "header" | "card"> & { offered: boolean },
    saved?: number,
  ): Promise<ProductsView> => {
    const cards = await lenderProductCards(storage, session.account.lender_id);
    return {
      page: "products",
      ...frame(session),
      today: colomboToday(now()),
      products: cards.map((card): LenderProductView => {
        const { offer } = card;
        const stored = { offerId: offer.offer_id, header: offer.header };
        if (changed?.offerId !== offer.offer_id) {
          const state = saved === offer.offer_id ? "saved" : undefined;
          return { ...stored, names: storedNames(offer), card, state };
        }
        const { offered, ...typed } = changed;
        // The card with the typed names, before they are saved; none while a name is refused.
        const headers = headersOf(typed.names);
        return {
          ...stored,
          ...typed,
          card: offered ? { ...card, offer: { ...offer, headers } } : undefined,
        };
      }),
    };
  };

  router.get(productsPath, async (req, res) => {
    const session = await memberWhoCan(req, res, "products");
    if (!session) return;
    const saved = typeof req.query.saved === "string" ? Number(req.query.saved) : undefined;
    send(req, res, 200, await productsView(session, undefined, saved));
  });

  router.post(`${productsPath}:offer`, async (req, res) => {
    const request = await formWhoCan(req, res, "products");
    if (!request) return;
    const { session, form } = request;
    const lenderId = session.account.lender_id;
    const offer = String(req.params.offer);
    const offerId = OFFER_ID.test(offer) ? Number(offer) : 0;
    const cards = await lenderProductCards(storage, lenderId);
    if (!cards.some((card) => card.offer.offer_id === offerId)) {
      send(req, res, 404, { page: "not-found" });
      return;
    }
    const { typed, names, problems } = productNamesFrom(form);
    if (Object.keys(problems).length > 0) {
      const refused = { offerId, names: typed, problems, state: "refused" as const };
      send(req, res, 400, await productsView(session, { ...refused, offered: false }));
      return;
    }
    if (form.intent !== "save") {
      const previewed = { offerId, names, state: "previewed" as const, offered: true };
      send(req, res, 200, await productsView(session, previewed));
      return;
    }
    const actor = lenderAccountActor(session.account.id, lenderId);
    if (!(await saveProductNames(storage, { lenderId, offerId, names, actor, now: now() }))) {
      send(req, res, 404, { page: "not-found" });
      return;
    }
    res.redirect(303, `${productsPath}?saved=${offerId}#product-${offerId}`);
  });
};
