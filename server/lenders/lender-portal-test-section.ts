import { TEST_PROFILES, type TestModeView, type TestProfile } from "../../core/views/lender-portal";
import { text } from "../accounts/sign-in";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";
import {
  rotateTestSecret,
  saveTestUrl,
  sendTestApplication,
  TestUrlRefused,
  testSettingsOf,
  testUrlRules,
} from "./lender-test-mode";

/** Test applications per lender per minute: each one calls the lender's test URL. */
export const TEST_SENDS_PER_MINUTE = 20;

/**
 * The lender portal's test mode (decision 0386): the lender's test URL and
 * secret, and test applications sent to it. The role's, checked here on
 * every request.
 */
export const lenderTestSection: LenderPortalSection = (router, portal) => {
  const { base, storage, limits, decisions, now, send, frame, memberWhoCan, formWhoCan } = portal;

  const testPath = `${base}test/`;
  const testView = async (
    session: LenderSession,
    more: Partial<TestModeView> = {},
  ): Promise<TestModeView> => ({
    page: "test",
    ...frame(session),
    ...(await testSettingsOf(storage, session.account.lender_id)),
    loopbackAllowed: decisions.testLoopback,
    profile: "salaried",
    ...more,
  });
  router.get(testPath, async (req, res) => {
    const session = await memberWhoCan(req, res, "test_mode");
    if (!session) return;
    const saved = req.query.notice === "url_saved";
    send(req, res, 200, await testView(session, saved ? { notice: "url_saved" } : {}));
  });

  router.post(`${testPath}url`, async (req, res) => {
    const request = await formWhoCan(req, res, "test_mode");
    if (!request) return;
    const url = text(request.form.url, 4000).trim();
    try {
      await saveTestUrl(
        storage,
        request.session.account.lender_id,
        url,
        testUrlRules(decisions),
        now(),
      );
    } catch (error) {
      if (!(error instanceof TestUrlRefused)) throw error;
      send(req, res, 400, await testView(request.session, { url, problem: error.problem }));
      return;
    }
    res.redirect(303, `${testPath}?notice=url_saved`);
  });

  router.post(`${testPath}secret`, async (req, res) => {
    const request = await formWhoCan(req, res, "test_mode");
    if (!request) return;
    const secret = await rotateTestSecret(storage, request.session.account.lender_id, now());
    // Shown once, in this answer.
    send(req, res, 200, await testView(request.session, { newSecret: secret }));
  });

  router.post(`${testPath}send`, async (req, res) => {
    const request = await formWhoCan(req, res, "test_mode");
    if (!request) return;
    const { session, form } = request;
    const profile: TestProfile = TEST_PROFILES.find((one) => one === form.profile) ?? "salaried";
    const settings = await testSettingsOf(storage, session.account.lender_id);
    if (!settings.url || !settings.hasSecret) {
      const problem = settings.url ? "no_secret" : "no_url";
      send(req, res, 400, await testView(session, { profile, problem }));
      return;
    }
    const counted = await limits.hit(
      `lender test send:${session.account.lender_id}`,
      60_000,
      now().getTime(),
    );
    if (counted.count > TEST_SENDS_PER_MINUTE) {
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(counted.resetMs / 1000))));
      send(req, res, 429, { page: "refused" });
      return;
    }
    const sent = await sendTestApplication(storage, decisions, session.account.lender_id, profile, {
      now: now(),
      callbackUrl: portal.callbackUrl(),
    });
    send(req, res, 200, await testView(session, { profile, sent }));
  });
};
