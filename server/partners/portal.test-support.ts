import { csrfTokenOf } from "../accounts/csrf";
import { COMMAND_LINE } from "../staff/audit";
import type { Storage } from "../storage/database";
import { decideSignUp, type PartnerUpdate, rotateKeys, updatePartner } from "./partners";
import {
  inviteToClaim,
  type PartnerAccount,
  setPasswordByLink,
  signUp,
  verifyEmail,
} from "./portal-accounts";
import { startPortalSession } from "./portal-realm";

/**
 * Partners in the portal for its sections' tests (issue 18), made with the
 * portal's own services as a sign-up makes them: the sign-up, the e-mail
 * link, an operator's approval. The pages' own flow has its HTTP and
 * browser tests (portal.http.test.ts, tests/e2e/partner-portal.test.ts).
 * Not imported by any shipped module.
 */
export const PORTAL_TEST_PASSWORD = "a kettle of seven herons";

/** A portal account with its e-mail verified, approved by an operator unless `approve` is false. */
export async function portalAccountFor(
  storage: Storage,
  options: { email: string; name: string; password?: string; now: Date; approve?: boolean },
): Promise<PartnerAccount> {
  const token = await signUp(
    storage,
    {
      kind: "company",
      name: options.name,
      email: options.email,
      password: options.password ?? PORTAL_TEST_PASSWORD,
      website: "https://deals.example.lk",
      trafficSources: "Search and a Facebook page",
      countries: ["lk"],
      payoutMethod: "wire",
      payoutDetails: "Commercial Bank 8001234567",
      locale: "en",
    },
    options.now,
  );
  if (!token) throw new Error(`${options.email} has an account already`);
  const account = await verifyEmail(storage, token, options.now);
  if (!account?.partner_id) throw new Error("the verification did not make a partner");
  if (options.approve !== false) {
    await decideSignUp(storage, account.partner_id, "approve", {
      actor: COMMAND_LINE,
      now: options.now,
    });
  }
  return account;
}

export interface ApprovedPortalPartner {
  partnerId: string;
  accountId: string;
  email: string;
  /** The partner_session cookie's value of a signed-in session, the Cookie header, its CSRF token. */
  session: string;
  cookie: string;
  csrf: string;
  /** The partner API's secret key (rotated once approved: the sign-up's is never shown). */
  secretKey: string;
}

/** An approved partner (with `terms` if given) whose account is signed in. */
export async function approvedPortalPartner(
  storage: Storage,
  options: { name: string; email: string; terms?: PartnerUpdate; now?: Date },
): Promise<ApprovedPortalPartner> {
  const now = options.now ?? new Date();
  const account = await portalAccountFor(storage, { ...options, now });
  const partnerId = account.partner_id ?? "";
  if (options.terms) {
    await updatePartner(storage, partnerId, options.terms, { actor: COMMAND_LINE, now });
  }
  const { secretKey } = await rotateKeys(storage, partnerId, ["secret"], {
    actor: COMMAND_LINE,
    now,
  });
  const session = await startPortalSession(storage, account.id, now);
  return {
    partnerId,
    accountId: account.id,
    email: account.email,
    session,
    cookie: `partner_session=${session}`,
    csrf: csrfTokenOf(session),
    secretKey: secretKey ?? "",
  };
}

/**
 * A signed-in portal account for a partner made by the command line,
 * claimed as `npm run partner -- invite` lets it be: its Cookie header.
 */
export async function claimedPortalSession(
  storage: Storage,
  partnerId: string,
  now: Date = new Date(),
): Promise<string> {
  const email = `${partnerId}@partners.example`;
  const token = await inviteToClaim(storage, partnerId, email, "en", now);
  const account = await setPasswordByLink(storage, token, PORTAL_TEST_PASSWORD, now);
  if (!account) throw new Error("the claim link did not set the password");
  return `partner_session=${await startPortalSession(storage, account.id, now)}`;
}
