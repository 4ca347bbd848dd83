import { Router } from "express";
import { type CreditCard, creditCardSchema } from "../../core/domain/schemas/credit-card";
import { LENDER_ID_PATTERN } from "../../core/domain/schemas/offer";
import type { BackOfficeViewer } from "../../core/views/back-office";
import {
  CARD_FORM_FIELDS,
  type CardEditView,
  type CardFormField,
  type CardFormValues,
  type CardListNotice,
} from "../../core/views/back-office-cards";
import type { BackOffice, StaffContext } from "../staff/gate";
import { findCreditCard, listCreditCards, removeCreditCard, saveCreditCards } from "./credit-cards";

const NOTICES: readonly CardListNotice[] = ["saved", "removed"];

const emptyForm = (): CardFormValues =>
  Object.fromEntries(CARD_FORM_FIELDS.map((field) => [field, ""])) as CardFormValues;

/** A stored card as the form shows it. */
export function cardFormOf(card: CreditCard): CardFormValues {
  return {
    id: card.id,
    "issuer.en": card.issuer.en,
    "issuer.si": card.issuer.si ?? "",
    "issuer.ta": card.issuer.ta ?? "",
    "name.en": card.name.en,
    "name.si": card.name.si ?? "",
    "name.ta": card.name.ta ?? "",
    annualFee: String(card.annualFee),
    interestRate: String(card.interestRate),
    "cashAdvanceFee.percent": String(card.cashAdvanceFee.percent),
    "cashAdvanceFee.minimum": String(card.cashAdvanceFee.minimum),
    lateFee: String(card.lateFee),
    "minimumPayment.percent": String(card.minimumPayment.percent),
    "minimumPayment.minimum": String(card.minimumPayment.minimum),
    website: card.website ?? "",
    checkedOn: card.checkedOn,
  };
}

/** The form as sent: every field a string ("" when missing). */
function formValuesOf(form: Record<string, unknown>): CardFormValues {
  const values = emptyForm();
  for (const field of CARD_FORM_FIELDS) {
    const value = form[field];
    if (typeof value === "string") values[field] = value.slice(0, 1_000);
  }
  return values;
}

/** The form as the card's schema reads it: numbers as numbers ("2,500" too), blanks left out. */
export function cardInputOf(values: CardFormValues): unknown {
  const text = (field: CardFormField) => values[field].trim() || undefined;
  const number = (field: CardFormField) => {
    const typed = values[field].replace(/[,\s]/g, "").replace(/^Rs\.?/i, "");
    return typed === "" ? undefined : Number(typed);
  };
  return {
    id: values.id.trim(),
    issuer: { en: values["issuer.en"], si: text("issuer.si"), ta: text("issuer.ta") },
    name: { en: values["name.en"], si: text("name.si"), ta: text("name.ta") },
    annualFee: number("annualFee"),
    interestRate: number("interestRate"),
    cashAdvanceFee: {
      percent: number("cashAdvanceFee.percent"),
      minimum: number("cashAdvanceFee.minimum"),
    },
    lateFee: number("lateFee"),
    minimumPayment: {
      percent: number("minimumPayment.percent"),
      minimum: number("minimumPayment.minimum"),
    },
    website: text("website"),
    checkedOn: values.checkedOn.trim(),
  };
}

const isField = (path: string): path is CardFormField =>
  (CARD_FORM_FIELDS as readonly string[]).includes(path);

/**
 * /admin/cards/ (issue 21), for admins as the lenders are: the credit
 * cards page's catalogue, a new card, a card's form, and remove. Every
 * change goes through the service `npm run lenders -- cards` uses
 * (credit-cards.ts): the same checks, the audit log, the page cache dropped.
 */
export function cardAdminRouter(backOffice: BackOffice): Router {
  const router = Router();
  const { storage, send, now } = backOffice;
  const actorOf = ({ session }: StaffContext) => ({
    id: session.staff.id,
    label: session.staff.email,
  });
  const cardId = (value: unknown) =>
    typeof value === "string" && LENDER_ID_PATTERN.test(value) ? value : undefined;
  const sendForm = (
    res: Parameters<typeof send>[0],
    status: number,
    view: Omit<CardEditView, "page">,
    viewer: BackOfficeViewer,
  ) => send(res, status, { page: "card-edit", ...view }, viewer);

  backOffice.route(router, "GET /admin/cards/", async (req, res, { viewer }) => {
    const kind = NOTICES.find((known) => known === req.query.done);
    const id = cardId(req.query.id);
    send(
      res,
      200,
      {
        page: "cards",
        cards: await listCreditCards(storage),
        notice: kind && id ? { kind, id } : undefined,
      },
      viewer,
    );
  });

  backOffice.route(router, "GET /admin/cards/new/", async (_req, res, { viewer }) => {
    sendForm(res, 200, { mode: "new", form: emptyForm() }, viewer);
  });

  /** Checks the form with the card's schema, then saves it; a refused form comes back as typed. */
  const save = async (
    res: Parameters<typeof send>[0],
    context: StaffContext,
    existingId: string | undefined,
  ) => {
    const values = formValuesOf(context.form);
    if (existingId) values.id = existingId;
    const mode = existingId ? "edit" : "new";
    const parsed = creditCardSchema.safeParse(cardInputOf(values));
    const errors: Partial<Record<CardFormField | "form", string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join(".");
        errors[isField(path) ? path : "form"] ??= issue.message;
      }
    } else if (!existingId && parsed.data.id === "new") {
      errors.id = "new is this form's address: choose another id";
    } else if (!existingId && (await findCreditCard(storage, parsed.data.id))) {
      errors.id = `${parsed.data.id} is taken: open that card to change it`;
    }
    if (!parsed.success || Object.keys(errors).length > 0) {
      sendForm(res, 400, { mode, form: values, errors }, context.viewer);
      return;
    }
    await saveCreditCards(storage, [parsed.data], actorOf(context), now());
    res.redirect(303, `/admin/cards/?done=saved&id=${parsed.data.id}`);
  };

  backOffice.route(router, "POST /admin/cards/", async (_req, res, context) => {
    await save(res, context, undefined);
  });

  backOffice.route(router, "GET /admin/cards/:id/", async (req, res, { viewer }) => {
    const id = cardId(req.params.id);
    const card = id && (await findCreditCard(storage, id));
    if (!card) {
      send(res, 404, { page: "not-found" }, viewer);
      return;
    }
    sendForm(res, 200, { mode: "edit", form: cardFormOf(card) }, viewer);
  });

  backOffice.route(router, "POST /admin/cards/:id/", async (req, res, context) => {
    const id = cardId(req.params.id);
    if (!id || !(await findCreditCard(storage, id))) {
      send(res, 404, { page: "not-found" }, context.viewer);
      return;
    }
    await save(res, context, id);
  });

  backOffice.route(router, "POST /admin/cards/:id/remove", async (req, res, context) => {
    const id = cardId(req.params.id);
    if (!id || !(await removeCreditCard(storage, id, actorOf(context), now()))) {
      send(res, 404, { page: "not-found" }, context.viewer);
      return;
    }
    res.redirect(303, `/admin/cards/?done=removed&id=${id}`);
  });

  return router;
}
