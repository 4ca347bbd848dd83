import type { Locale } from "../../core/locale";
import { csrfTokenOf } from "../staff/sessions";
import type { Storage } from "../storage/database";
import { createPartner, type IssuedKeys, type Partner, type PartnerInput } from "./partners";
import {
  accountByEmail,
  inviteToClaim,
  setPasswordByLink,
  startPortalSession,
} from "./portal-accounts";
import { PORTAL_SESSION_COOKIE } from "./portal-routes";

export const PORTAL_TEST_PASSWORD = "a kettle of seven herons";

export interface SignedInPortalPartner {
  partner: Partner;
  keys: Required<IssuedKeys>;
  accountId: string;
  email: string;
  /** The Cookie header of a signed-in session, and the session's CSRF token. */
  cookie: string;
  csrf: string;
}

/**
 * An approved partner with a claimed portal account and a signed-in
 * session, made through the services (the HTTP sign-up and approval have
 * their own tests in portal.http.test.ts and the browser test).
 */
export async function signedInPortalPartner(
  storage: Storage,
  input: Partial<PartnerInput> & { id: string },
  options: { email?: string; locale?: Locale; now?: Date } = {},
): Promise<SignedInPortalPartner> {
  const now = options.now ?? new Date();
  const email = options.email ?? `${input.id}@partners.example`;
  const { partner, keys } = await createPartner(
    storage,
    {
      name: input.id,
      payoutModel: "lead",
      payoutRupees: 300,
      origins: [],
      postbackUrl: null,
      ...input,
    },
    { now },
  );
  const token = await inviteToClaim(storage, partner.id, email, options.locale ?? "en", now);
  if (!(await setPasswordByLink(storage, token, PORTAL_TEST_PASSWORD, now))) {
    throw new Error("the claim link did not set the password");
  }
  const account = await accountByEmail(storage, email);
  if (!account) throw new Error("no account");
  const session = await startPortalSession(storage, account.id, now, "signed_in");
  return {
    partner,
    keys,
    accountId: account.id,
    email,
    cookie: `${PORTAL_SESSION_COOKIE}=${session}`,
    csrf: csrfTokenOf(session),
  };
}
