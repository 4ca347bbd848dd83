/**
 * `npm run lenders -- cards <command>` (issue 21): the credit cards'
 * catalogue, kept by the operator as the lenders are. import, list,
 * export, remove; each change is one transaction, audited, and drops every
 * instance's cached pages (credit-cards.ts).
 */
import { readFile } from "node:fs/promises";
import type { CreditCard } from "../../core/domain/schemas/credit-card";
import { formatRupees } from "../../core/helpers/money";
import { type CliOutcome, nothingImported, table, UsageError } from "../command-line";
import { COMMAND_LINE } from "../staff/audit";
import type { Storage } from "../storage/database";
import {
  CardImportError,
  listCreditCards,
  parseCardFile,
  removeCreditCard,
  saveCreditCards,
} from "./credit-cards";

export const CARDS_USAGE = `  cards import FILE
      Checks every card in FILE (a card, a list of them, or { "cards": [...] },
      see docs/lenders.md) and adds or replaces them by id in one transaction,
      or none. Running servers show it on the credit cards page within a
      second (they read the page version that often).
  cards list [--json]
      Lists the cards: id, issuer, card, annual fee, interest, cash advance,
      checked on.
  cards export
      Prints every card in the format cards import reads.
  cards remove ID
      Takes a card off the catalogue and the page.`;

const share = ({ percent, minimum }: CreditCard["minimumPayment"]) =>
  `${percent}% (min ${formatRupees(minimum)})`;

function cardLines(cards: CreditCard[]): string[] {
  if (cards.length === 0) return ["No cards yet: the credit cards page says so."];
  const rows = [
    ["id", "issuer", "card", "annual fee", "interest", "cash advance", "checked on"],
    ...cards.map((card) => [
      card.id,
      card.issuer.en,
      card.name.en,
      formatRupees(card.annualFee),
      `${card.interestRate}%`,
      share(card.cashAdvanceFee),
      card.checkedOn,
    ]),
  ];
  return table(rows);
}

/** Runs `cards <command> …`; `args` follows the word "cards". */
export async function runCardsCommand(
  storage: Storage,
  args: string[],
  json: boolean,
): Promise<CliOutcome> {
  const [command, ...rest] = args;
  const one = (what: string) => {
    if (rest.length !== 1 || !rest[0]) throw new UsageError(`cards ${command} takes one ${what}`);
    return rest[0];
  };
  const none = () => {
    if (rest.length > 0) throw new UsageError(`cards ${command} takes no ${rest[0]}`);
  };
  try {
    switch (command) {
      case "import": {
        const file = one("file");
        let text: string;
        try {
          text = await readFile(file, "utf8");
        } catch {
          throw new CardImportError([`Cannot read ${file}.`]);
        }
        const result = await saveCreditCards(storage, parseCardFile(text), COMMAND_LINE);
        const count = result.created.length + result.updated.length;
        return {
          exitCode: 0,
          out: [
            `Imported ${count} card${count === 1 ? "" : "s"} from ${file}.`,
            `  created: ${result.created.join(", ") || "none"}`,
            `  updated: ${result.updated.join(", ") || "none"}`,
          ],
          err: [],
        };
      }
      case "list": {
        none();
        const cards = await listCreditCards(storage);
        return {
          exitCode: 0,
          out: json ? [JSON.stringify(cards, null, 2)] : cardLines(cards),
          err: [],
        };
      }
      case "export": {
        none();
        return {
          exitCode: 0,
          out: [JSON.stringify(await listCreditCards(storage), null, 2)],
          err: [],
        };
      }
      case "remove": {
        const id = one("card id");
        if (!(await removeCreditCard(storage, id, COMMAND_LINE))) {
          return { exitCode: 1, out: [], err: [`No card ${id}.`] };
        }
        return { exitCode: 0, out: [`${id} is no longer on the credit cards page.`], err: [] };
      }
      default:
        throw new UsageError(
          command === undefined ? "cards needs a command" : `Unknown command "cards ${command}"`,
        );
    }
  } catch (error) {
    if (error instanceof CardImportError) {
      return nothingImported(error.problems);
    }
    throw error;
  }
}
