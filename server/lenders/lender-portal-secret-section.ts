import { SECRET_GRACE_HOURS, type SecretView } from "../../core/views/lender-portal";
import { lenderAccountActor } from "../staff/audit";
import { controlsOf, rotateLiveSecret } from "./lender-controls";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";
import { acceptedSecrets } from "./lender-secrets";

/**
 * The lender portal's live secret (decision 0412), for admins and
 * developers: a new one shown once (the page is no-store, as every portal
 * page), the old one still accepted, and still signing beside it, for the
 * grace period the member chooses. Audited with the member as the actor.
 */
export const lenderSecretSection: LenderPortalSection = (router, portal) => {
  const { base, storage, now, send, frame, memberWhoCan, formWhoCan } = portal;
  const path = `${base}secret/`;

  const view = async (
    session: LenderSession,
    more: Partial<SecretView> = {},
  ): Promise<SecretView> => {
    const row = await controlsOf(storage, session.account.lender_id);
    const inGrace = acceptedSecrets(row, now()).length > 1;
    return {
      page: "secret",
      ...frame(session),
      api: row.decision_mode === "api",
      hasSecret: row.api_secret !== null,
      ...(inGrace && row.api_secret_previous_until
        ? { previousUntil: new Date(row.api_secret_previous_until).toISOString() }
        : {}),
      grace: 24,
      ...more,
    };
  };

  router.get(path, async (req, res) => {
    const session = await memberWhoCan(req, res, "secrets");
    if (!session) return;
    send(req, res, 200, await view(session));
  });

  router.post(`${path}rotate`, async (req, res) => {
    const request = await formWhoCan(req, res, "secrets");
    if (!request) return;
    const { session, form } = request;
    const grace = SECRET_GRACE_HOURS.find((hours) => String(hours) === form.grace);
    if (grace === undefined) {
      send(req, res, 400, await view(session));
      return;
    }
    const secret = await rotateLiveSecret(
      storage,
      session.account.lender_id,
      grace,
      lenderAccountActor(session.account.id, session.account.lender_id),
      now(),
    );
    // Shown once, in this answer (no-store); never logged, never in an address.
    send(req, res, secret ? 200 : 400, await view(session, { grace, newSecret: secret }));
  });
};
