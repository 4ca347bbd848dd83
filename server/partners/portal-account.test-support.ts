import type { Storage } from "../storage/database";
import { decideSignUp } from "./partners";
import { type PartnerAccount, signUp, verifyEmail } from "./portal-accounts";

/**
 * A portal account made as a sign-up makes it (storage, not pages): its
 * e-mail verified, and approved by an operator unless `approve` is false.
 */
export async function portalAccountFor(
  storage: Storage,
  options: { email: string; name: string; password: string; now: Date; approve?: boolean },
): Promise<PartnerAccount> {
  const token = await signUp(
    storage,
    {
      kind: "company",
      name: options.name,
      email: options.email,
      password: options.password,
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
      actor: { id: null, label: "test" },
      now: options.now,
    });
  }
  return account;
}
