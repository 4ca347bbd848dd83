/**
 * The commands of `npm run lenders -- <command>` (issue 15): import, export,
 * list, live, pause; and the credit cards' catalogue, `cards …` (cli-cards.ts).
 * They change storage only: every running server reads the lenders again
 * every 30 s (catalogue.ts), which the output says. The entry that opens
 * storage is cli-main.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { LicenceCategory } from "../../core/domain/schemas/offer";
import { type CliOutcome, nothingImported, table, UsageError, usageMistake } from "../command-line";
import type { OutboundRules } from "../http/outbound";
import { COMMAND_LINE } from "../staff/audit";
import type { Storage } from "../storage/database";
import { CATALOGUE_REFRESH_MS } from "./catalogue";
import { CARDS_USAGE, runCardsCommand } from "./cli-cards";
import { INVITE_USAGE, type InviteContext, runInviteCommand } from "./cli-invite";
import { exportLenders, type LenderSummary, listLenders } from "./lender-export";
import { importLenders, LenderImportError, parseLenderFile } from "./lender-import";
import { LenderError, setLenderStatus } from "./lenders";

const REFRESH_NOTE = `Running servers show the change within ${CATALOGUE_REFRESH_MS / 1000} seconds: they read the lenders again that often.`;

export const USAGE = `Usage: npm run lenders -- <command> [options]

Commands:
  import FILE
      Checks every lender record in FILE (a JSON record or a list of them,
      see docs/lenders.md) and writes them all in one transaction, or none.
      A logo is a data URL or an image file's path beside FILE.
  export [--with-secrets] [--with-logos]
      Prints every lender in the format import reads. Secrets and logos are
      left out unless asked for; import keeps the stored ones when left out.
  list [--json]
      Lists lenders: id, status, decision mode, licence, products, daily cap.
  live ID | pause ID
      Makes a lender live (only with its licence, unless a sample or sandbox)
      or pauses it (its offers are no longer shown or asked).
${CARDS_USAGE}
${INVITE_USAGE}

The storage is the server's: DATA_DIR (./data) or DATABASE_URL.
${REFRESH_NOTE}`;

export interface LendersToolOptions {
  /** Sandbox lenders (NODE_ENV not production only). */
  allowSandbox: boolean;
  /** How decision API URLs are checked (https, public addresses). */
  urlRules: OutboundRules;
  /** The server's LENDER_DEADLINE_MS: no lender's own deadline may be longer. */
  maxDeadlineMs?: number;
  /** Where invitations' links start and how they are e-mailed (cli-invite.ts). */
  invite?: InviteContext;
}

const options = {
  "with-secrets": { type: "boolean" },
  "with-logos": { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** CBSL's kinds of licence, short enough for a table. */
const CATEGORY_WORDS: Record<LicenceCategory, string> = {
  licensed_commercial_bank: "commercial bank",
  licensed_specialised_bank: "specialised bank",
  licensed_finance_company: "finance company",
  licensed_microfinance_company: "microfinance company",
  registered_lender: "registered lender",
};

function licenceCell(lender: LenderSummary): string {
  if (lender.licence) {
    const { regulator, category, number } = lender.licence;
    return `${regulator} ${CATEGORY_WORDS[category]} ${number}`;
  }
  return lender.sample ? "sample" : lender.sandbox ? "sandbox" : "none";
}

function listLines(lenders: LenderSummary[]): string[] {
  if (lenders.length === 0) return ["No lenders yet."];
  return table([
    ["id", "status", "mode", "licence", "products", "cap"],
    ...lenders.map((lender) => [
      lender.id,
      lender.status,
      lender.mode,
      licenceCell(lender),
      String(lender.products),
      lender.dailyLeadCap === null ? "none" : String(lender.dailyLeadCap),
    ]),
  ]);
}

async function importFile(
  storage: Storage,
  file: string,
  tool: LendersToolOptions,
): Promise<string[]> {
  const full = path.resolve(file);
  let text: string;
  try {
    text = await readFile(full, "utf8");
  } catch {
    throw new LenderImportError([`Cannot read ${file}.`]);
  }
  const result = await importLenders(storage, parseLenderFile(text), {
    baseDir: path.dirname(full),
    actor: COMMAND_LINE,
    ...tool,
  });
  const count = result.created.length + result.updated.length;
  return [
    `Imported ${count} lender${count === 1 ? "" : "s"} from ${file}.`,
    `  created: ${result.created.join(", ") || "none"}`,
    `  updated: ${result.updated.join(", ") || "none"}`,
    ...(result.retired.length > 0
      ? [
          `  offer ids dropped (still their lenders', never another's): ${result.retired.join(", ")}`,
        ]
      : []),
    REFRESH_NOTE,
  ];
}

/** Runs one command against a storage; what it prints is returned, for tests. */
export async function runLendersCommand(
  storage: Storage,
  argv: string[],
  tool: LendersToolOptions,
): Promise<CliOutcome> {
  // invite has options of its own (cli-invite.ts).
  if (argv[0] === "invite") return runInviteCommand(storage, argv.slice(1), tool.invite);
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === "help") {
      return { exitCode: command === undefined && !values.help ? 2 : 0, out: [USAGE], err: [] };
    }
    const one = (what: string) => {
      if (rest.length !== 1 || !rest[0]) throw new UsageError(`${command} takes one ${what}`);
      return rest[0];
    };
    const none = () => {
      if (rest.length > 0) throw new UsageError(`${command} takes no ${rest[0]}`);
    };
    switch (command) {
      case "cards":
        return await runCardsCommand(storage, rest, values.json === true);
      case "import":
        return { exitCode: 0, out: await importFile(storage, one("file"), tool), err: [] };
      case "export": {
        none();
        const records = await exportLenders(storage, {
          withSecrets: values["with-secrets"] === true,
          withLogos: values["with-logos"] === true,
        });
        return { exitCode: 0, out: [JSON.stringify(records, null, 2)], err: [] };
      }
      case "list": {
        none();
        const lenders = await listLenders(storage);
        const out = values.json ? [JSON.stringify(lenders, null, 2)] : listLines(lenders);
        return { exitCode: 0, out, err: [] };
      }
      case "live":
      case "pause": {
        const id = one("lender id");
        const status = command === "live" ? "live" : "paused";
        await setLenderStatus(storage, id, status, new Date(), COMMAND_LINE);
        return {
          exitCode: 0,
          out: [`${id} is now ${command === "live" ? "live" : "paused"}.`, REFRESH_NOTE],
          err: [],
        };
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof LenderImportError) {
      return nothingImported(error.problems);
    }
    if (error instanceof LenderError) return { exitCode: 1, out: [], err: [error.message] };
    return usageMistake(error, USAGE);
  }
}
