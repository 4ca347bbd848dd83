/**
 * The commands of `npm run partner -- <command>` (issue 8): create, list,
 * rotate, update, disable, enable, approve, reject. Secrets are printed
 * once, when they are made, and never again: we keep only the secret key's
 * hash. Each command calls the same service as the back office's page
 * (partners.ts), which writes the audit log as "command line". The entry
 * that opens storage is cli-main.ts.
 */
import { parseArgs } from "node:util";
import { ALL_LOCALES, DEFAULT_LOCALE, isLocale, localizePath } from "../../core/locale";
import { type CliOutcome, UsageError, usageMistake } from "../command-line";
import type { OutboundRules } from "../http/outbound";
import type { Messenger } from "../messaging/messenger";
import { MessageError } from "../messaging/transports";
import { COMMAND_LINE } from "../staff/audit";
import type { Storage } from "../storage/database";
import {
  createPartner,
  decideSignUp,
  type IssuedKeys,
  listPartners,
  type Partner,
  PartnerError,
  partnerIdFrom,
  type RotatableKey,
  rotateKeys,
  setPartnerDisabled,
  updatePartner,
} from "./partners";
import { ClaimRefused, inviteToClaim, LINK_HOURS } from "./portal-accounts";

/** What `invite` needs: the site's public origin, which links start with, and its messenger. */
export interface PortalContext {
  origin: string;
  messenger: Messenger;
  now?: () => Date;
}

export const USAGE = `Usage: npm run partner -- <command> [options]

Commands:
  create --name NAME --payout lead|sale --payout-amount RUPEES
         [--id ID] [--origin https://partner.lk]… [--postback-url URL] [--offers-ready]
         [--pending]
      Adds a partner and prints its keys (the secret ones only this once).
      --pending makes it a sign-up that waits for approval, as the partner
      portal's do: its keys work only once it is approved.
  list [--json]
      Lists partners: id, name, payout, publishable key, origins, postback URL.
  rotate ID [--publishable] [--postback-secret] [--all]
      Replaces the secret key (and, when asked, the publishable key or the
      postback secret) and prints the new ones once. The old ones stop at once.
  update ID [--name NAME] [--payout lead|sale] [--payout-amount RUPEES]
            [--origin URL]… [--postback-url URL | --no-postback]
            [--offers-ready | --no-offers-ready]
      Changes a partner; --origin replaces the whole list.
  disable ID | enable ID
      Stops or restores every key of a partner; its history stays.
  approve ID | reject ID
      Answers a pending sign-up (the back office's Partners page does too).
  invite ID --email EMAIL [--language ${ALL_LOCALES.join("|")}]
      E-mails the partner a link to claim its account in the partner portal
      (/partner/portal/): it sets a password and accepts the terms. The link
      works once, for 24 hours; inviting again replaces it.

The storage is the server's: DATA_DIR (./data) or DATABASE_URL.
Postback URL macros: {click_id} {lead_id} {sub1}…{sub5} {status} {payout}, in the
path and query. --offers-ready also sends the postback URL, once per lead sent
through the partner API, when its lenders' decisions are complete: {lead_id},
{status} = offers_ready, the other macros empty; never counted or paid. A postback URL must be https (http only when NODE_ENV is not
production) and its host must resolve to public addresses only: checked here
and again before every postback.`;

const options = {
  name: { type: "string" },
  id: { type: "string" },
  email: { type: "string" },
  language: { type: "string" },
  payout: { type: "string" },
  "payout-amount": { type: "string" },
  origin: { type: "string", multiple: true },
  "postback-url": { type: "string" },
  "no-postback": { type: "boolean" },
  "offers-ready": { type: "boolean" },
  "no-offers-ready": { type: "boolean" },
  publishable: { type: "boolean" },
  "postback-secret": { type: "boolean" },
  all: { type: "boolean" },
  pending: { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function rupees(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,7}$/.test(text)) throw new UsageError("--payout-amount must be whole rupees");
  return Number(text);
}

function payoutModel(text: string | undefined): "lead" | "sale" | undefined {
  if (text === undefined) return undefined;
  if (text !== "lead" && text !== "sale") throw new UsageError("--payout must be lead or sale");
  return text;
}

function describe(partner: Partner): string[] {
  const state = [
    ...(partner.status === "active" ? [] : [partner.status]),
    ...(partner.disabledAt ? ["disabled"] : []),
  ];
  return [
    `${partner.id}${state.length > 0 ? ` (${state.join(", ")})` : ""}`,
    `  name:            ${partner.name}`,
    `  payout:          Rs. ${partner.payoutRupees} per ${partner.payoutModel}`,
    `  publishable key: ${partner.publishableKey}`,
    `  origins:         ${partner.origins.join(" ") || "(none)"}`,
    `  postback URL:    ${partner.postbackUrl ?? "(none)"}`,
    `  offers ready:    ${partner.offersReadySince ? `on since ${partner.offersReadySince}` : "off"}`,
  ];
}

function keyLines(keys: IssuedKeys): string[] {
  const lines: string[] = [];
  if (keys.publishableKey) lines.push(`publishable key: ${keys.publishableKey}`);
  if (keys.secretKey) lines.push(`secret key:      ${keys.secretKey}`);
  if (keys.postbackSecret) lines.push(`postback secret: ${keys.postbackSecret}`);
  if (keys.secretKey || keys.postbackSecret) {
    lines.push("Copy the secrets now: they are not stored in a form we can show again.");
  }
  return lines;
}

/**
 * Runs one command against a storage; what it prints is returned, for
 * tests. A postback URL is saved only if `postbackRules` allow it (https,
 * public addresses; cli-main.ts allows http outside production).
 */
export async function runPartnerCommand(
  storage: Storage,
  argv: string[],
  postbackRules: OutboundRules = { allowHttp: false },
  portal?: PortalContext,
): Promise<CliOutcome> {
  const out: string[] = [];
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === "help") {
      return { exitCode: command === undefined && !values.help ? 2 : 0, out: [USAGE], err: [] };
    }
    const id = () => {
      if (rest.length !== 1 || !rest[0]) throw new UsageError(`${command} takes one partner id`);
      return rest[0];
    };
    switch (command) {
      case "create": {
        if (!values.name) throw new UsageError("create needs --name");
        const model = payoutModel(values.payout);
        if (!model) throw new UsageError("create needs --payout lead|sale");
        const amount = rupees(values["payout-amount"]);
        if (amount === undefined) throw new UsageError("create needs --payout-amount RUPEES");
        const { partner, keys } = await createPartner(
          storage,
          {
            id: values.id ?? partnerIdFrom(values.name),
            name: values.name,
            payoutModel: model,
            payoutRupees: amount,
            origins: values.origin ?? [],
            postbackUrl: values["postback-url"] ?? null,
            offersReady: values["offers-ready"] === true,
          },
          { postbackRules, actor: COMMAND_LINE, status: values.pending ? "pending" : "active" },
        );
        out.push(...describe(partner), "", ...keyLines(keys));
        break;
      }
      case "list": {
        const partners = await listPartners(storage);
        if (values.json) out.push(JSON.stringify(partners, null, 2));
        else if (partners.length === 0) out.push("No partners yet.");
        else out.push(...partners.flatMap((partner) => [...describe(partner), ""]));
        break;
      }
      case "rotate": {
        const which: RotatableKey[] = values.all
          ? ["secret", "publishable", "postback"]
          : [
              "secret",
              ...(values.publishable ? (["publishable"] as const) : []),
              ...(values["postback-secret"] ? (["postback"] as const) : []),
            ];
        const keys = await rotateKeys(storage, id(), which, { actor: COMMAND_LINE });
        out.push(`New keys for ${rest[0]}:`, ...keyLines(keys));
        break;
      }
      case "update": {
        if (values["no-postback"] && values["postback-url"]) {
          throw new UsageError("use --postback-url or --no-postback, not both");
        }
        if (values["offers-ready"] && values["no-offers-ready"]) {
          throw new UsageError("use --offers-ready or --no-offers-ready, not both");
        }
        const partnerId = id();
        const update: Parameters<typeof updatePartner>[2] = {};
        if (values.name !== undefined) update.name = values.name;
        const model = payoutModel(values.payout);
        if (model) update.payoutModel = model;
        const amount = rupees(values["payout-amount"]);
        if (amount !== undefined) update.payoutRupees = amount;
        if (values.origin) update.origins = values.origin;
        if (values["postback-url"] !== undefined) update.postbackUrl = values["postback-url"];
        if (values["no-postback"]) update.postbackUrl = null;
        if (values["offers-ready"]) update.offersReady = true;
        if (values["no-offers-ready"]) update.offersReady = false;
        out.push(
          ...describe(
            await updatePartner(storage, partnerId, update, { postbackRules, actor: COMMAND_LINE }),
          ),
        );
        break;
      }
      case "disable":
      case "enable":
        out.push(
          ...describe(
            await setPartnerDisabled(storage, id(), command === "disable", { actor: COMMAND_LINE }),
          ),
        );
        break;
      case "approve":
      case "reject":
        out.push(...describe(await decideSignUp(storage, id(), command, { actor: COMMAND_LINE })));
        break;
      case "invite": {
        const partnerId = id();
        if (!values.email) throw new UsageError("invite needs --email");
        const language = values.language ?? DEFAULT_LOCALE;
        if (!isLocale(language))
          throw new UsageError(
            `--language is ${ALL_LOCALES.slice(0, -1).join(", ")} or ${ALL_LOCALES.at(-1)}`,
          );
        if (!portal) throw new UsageError("invite needs the site's messenger");
        const at = (portal.now ?? (() => new Date()))();
        const token = await inviteToClaim(storage, partnerId, values.email, language, at);
        const base = localizePath(language, "/partner/portal/");
        const link = `${portal.origin}${base}password/?token=${token}`;
        await portal.messenger.partnerAccountLink(
          values.email,
          "claim",
          link,
          LINK_HOURS,
          language,
        );
        out.push(
          `Claim link for ${partnerId} sent by e-mail; it works once, for ${LINK_HOURS} hours.`,
        );
        break;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
    return { exitCode: 0, out, err: [] };
  } catch (error) {
    if (
      error instanceof PartnerError ||
      error instanceof ClaimRefused ||
      error instanceof MessageError
    ) {
      return { exitCode: 1, out, err: [error.message] };
    }
    return usageMistake(error, USAGE, out);
  }
}
