/**
 * The credit cards' catalogue in storage (issue 21): what the credit cards
 * page compares, entered by the operator from issuers' published tariffs
 * through `npm run lenders -- cards …` (cli-cards.ts) or the back office
 * (`/admin/cards/`). A new database holds no card (decision 0313). Every
 * change is audited and touches the page version, so every instance's page
 * cache drops its pages (decision 0260), as lender changes do.
 */
import type { z } from "zod";
import { type CreditCard, creditCardSchema } from "../../core/domain/schemas/credit-card";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";

/** A file (or a form) that cannot be saved: every problem, each naming its record and field. */
export class CardImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "CardImportError";
  }
}

/** The cards in the page's order: the lowest annual fee first, then the lowest interest rate. */
export function compareCards(a: CreditCard, b: CreditCard): number {
  return (
    a.annualFee - b.annualFee ||
    a.interestRate - b.interestRate ||
    a.issuer.en.localeCompare(b.issuer.en, "en") ||
    a.name.en.localeCompare(b.name.en, "en") ||
    a.id.localeCompare(b.id, "en")
  );
}

/** Every card of the catalogue, in the page's order. */
export async function listCreditCards(storage: Storage): Promise<CreditCard[]> {
  const rows = await storage.db.selectFrom("credit_cards").select(["id", "card"]).execute();
  return rows
    .map((row) => creditCardSchema.parse({ ...JSON.parse(row.card), id: row.id }))
    .sort(compareCards);
}

/** One card, or undefined. */
export async function findCreditCard(
  storage: Storage,
  id: string,
): Promise<CreditCard | undefined> {
  const row = await storage.db
    .selectFrom("credit_cards")
    .select(["id", "card"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && creditCardSchema.parse({ ...JSON.parse(row.card), id: row.id });
}

/** What a cards file holds: one card or a list of them, `{ "cards": [...] }` too. */
export function parseCardFile(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CardImportError([`The file is not JSON: ${(error as Error).message}`]);
  }
  if (Array.isArray(value)) return value;
  if (typeof value === "object" && value !== null) {
    const cards = (value as { cards?: unknown }).cards;
    if (Array.isArray(cards)) return cards;
    return [value];
  }
  throw new CardImportError(["The file must hold a card or a list of them."]);
}

function recordLabel(input: unknown, index: number): string {
  const id = (input as { id?: unknown } | null)?.id;
  return `card ${index + 1}${typeof id === "string" && id ? ` (${id})` : ""}`;
}

function issueLines(label: string, error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${label}: ${issue.path.map(String).join(".") || "(card)"}: ${issue.message}`,
  );
}

/** Checks every card; throws CardImportError with every problem at once. */
export function checkCards(inputs: unknown[]): CreditCard[] {
  const problems: string[] = [];
  const cards: CreditCard[] = [];
  const seen = new Map<string, string>();
  if (inputs.length === 0) problems.push("The file holds no card.");
  for (const [index, input] of inputs.entries()) {
    const label = recordLabel(input, index);
    const result = creditCardSchema.safeParse(input);
    if (!result.success) {
      problems.push(...issueLines(label, result.error));
      continue;
    }
    const twin = seen.get(result.data.id);
    if (twin) problems.push(`${label}: id: ${result.data.id} is in the file twice (also ${twin})`);
    seen.set(result.data.id, label);
    cards.push(result.data);
  }
  if (problems.length > 0) throw new CardImportError(problems);
  return cards;
}

/** What the audit log keeps of a card: its figures (names are dropped there as personal keys). */
function audited(card: CreditCard): Record<string, unknown> {
  const { id: _id, ...rest } = card;
  return { ...rest, issuer: card.issuer.en, card: card.name.en };
}

export interface CardImportResult {
  created: string[];
  updated: string[];
}

/**
 * Adds or replaces the given cards (by id) in one transaction, all or none;
 * cards not named stay as they are.
 */
export async function saveCreditCards(
  storage: Storage,
  inputs: unknown[],
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CardImportResult> {
  const cards = checkCards(inputs);
  const at = now.toISOString();
  return storage.db.transaction().execute(async (trx) => {
    const result: CardImportResult = { created: [], updated: [] };
    for (const card of cards) {
      const existing = await trx
        .selectFrom("credit_cards")
        .select("card")
        .where("id", "=", card.id)
        .executeTakeFirst();
      const { id, ...stored } = card;
      if (existing) {
        await trx
          .updateTable("credit_cards")
          .set({ card: JSON.stringify(stored), updated_at: at })
          .where("id", "=", id)
          .execute();
        result.updated.push(id);
      } else {
        await trx
          .insertInto("credit_cards")
          .values({ id, card: JSON.stringify(stored), created_at: at, updated_at: at })
          .execute();
        result.created.push(id);
      }
      const before = existing
        ? audited(creditCardSchema.parse({ ...JSON.parse(existing.card), id }))
        : null;
      await recordAudit(
        trx,
        actor,
        {
          action: existing ? "card.update" : "card.create",
          subject: `card:${id}`,
          before,
          after: audited(card),
        },
        now,
      );
    }
    // Every instance's cached pages go: the credit cards page shows the change (decision 0260).
    await touchPages(trx, storage);
    return result;
  });
}

/** Takes a card off the catalogue; false when there was no such card. */
export async function removeCreditCard(
  storage: Storage,
  id: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<boolean> {
  return storage.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("credit_cards")
      .select("card")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!existing) return false;
    await trx.deleteFrom("credit_cards").where("id", "=", id).execute();
    const before = audited(creditCardSchema.parse({ ...JSON.parse(existing.card), id }));
    await recordAudit(trx, actor, { action: "card.remove", subject: `card:${id}`, before }, now);
    await touchPages(trx, storage);
    return true;
  });
}
