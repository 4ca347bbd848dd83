import { COMMAND_LINE } from "../staff/audit";
import { csrfTokenOf } from "../staff/sessions";
import type { Storage } from "../storage/database";
import { decideSignUp, type PartnerUpdate, updatePartner } from "./partners";
import { accountByEmail, signUp, startPortalSession, verifyEmail } from "./portal-accounts";

export const PORTAL_TEST_PASSWORD = "a kettle of seven herons";

/**
 * An approved partner with a portal account, made with the portal's own
 * services (sign-up, verification, an operator's approval), and a signed-in
 * session: its cookie and CSRF token, for the sections' tests.
 */
export async function approvedPortalPartner(
  storage: Storage,
  options: { name: string; email: string; terms?: PartnerUpdate; now?: Date },
): Promise<{ partnerId: string; accountId: string; cookie: string; csrf: string }> {
  const now = options.now ?? new Date();
  const token = await signUp(
    storage,
    {
      kind: "company",
      name: options.name,
      email: options.email,
      password: PORTAL_TEST_PASSWORD,
      website: "https://deals.example.lk",
      trafficSources: "Search",
      countries: ["lk"],
      payoutMethod: "wire",
      payoutDetails: "Commercial Bank 8001234567",
      locale: "en",
    },
    now,
  );
  if (!token) throw new Error(`${options.email} has an account already`);
  const account = await verifyEmail(storage, token, now);
  const partnerId = account?.partner_id;
  if (!account || !partnerId) throw new Error("the verification made no partner");
  await decideSignUp(storage, partnerId, "approve", { actor: COMMAND_LINE, now });
  if (options.terms) {
    await updatePartner(storage, partnerId, options.terms, { actor: COMMAND_LINE, now });
  }
  const session = await startPortalSession(storage, account.id, now);
  const signedIn = await accountByEmail(storage, options.email);
  return {
    partnerId,
    accountId: signedIn?.id ?? account.id,
    cookie: `partner_session=${session}`,
    csrf: csrfTokenOf(session),
  };
}
