import inject from "light-my-request";
import { expect } from "vitest";
import { totpCodeAt } from "../accounts/totp";
import type { appWith, TestStorage } from "../test-support";
import { inviteLenderAccount } from "./lender-accounts";

/**
 * The lender portal's HTTP tests' own requests (lender-portal*.http.test.ts):
 * forms from our origin, the session's cookie and CSRF token read from the
 * answers, and a member invited and enrolled through the portal's pages.
 */
export const PORTAL_ORIGIN = "https://nayacompare.test";
export const MEMBER_PASSWORD = "a ledger of quiet herons";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: PORTAL_ORIGIN };

/** Requests to the app a suite opens in its beforeAll (`appOf` reads it when called). */
export function lenderPortalRequests(
  appOf: () => ReturnType<typeof appWith>,
  testOf: () => TestStorage,
) {
  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    inject(appOf(), {
      method: "POST",
      url,
      headers: { ...FORM, ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const get = (url: string, cookie = "") =>
    inject(appOf(), { method: "GET", url, headers: { cookie } });
  const cookieOf = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []]
      .flat()
      .find((line) => line.startsWith("lender_session="))
      ?.split(";")[0] ?? "";
  const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

  /** An invited member through the whole enrolment: answers their session's cookie and CSRF token. */
  async function enrol(
    clock: Date,
    email: string,
    lenderId = "harbour-api",
    role: "admin" | "developer" = "developer",
  ) {
    const storage = testOf().storage;
    const { token } = await inviteLenderAccount(storage, { lenderId, email, role }, clock);
    const page = await get(`/en/lender/portal/enrol/?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    const weak = await post("/en/lender/portal/enrol/", {
      token,
      password: "short",
      confirm: "short",
    });
    expect(weak.statusCode).toBe(400);
    const set = await post("/en/lender/portal/enrol/", {
      token,
      password: MEMBER_PASSWORD,
      confirm: MEMBER_PASSWORD,
    });
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe("/en/lender/portal/two-factor/");
    const cookie = cookieOf(set.headers["set-cookie"]);
    // Nothing but turning the second factor on opens before it is on.
    expect((await get("/en/lender/portal/test/", cookie)).headers.location).toBe(
      "/en/lender/portal/two-factor/",
    );
    const scan = await get("/en/lender/portal/two-factor/", cookie);
    expect(scan.statusCode).toBe(200);
    const { totp_pending_secret: secret } = await storage.db
      .selectFrom("lender_accounts")
      .select("totp_pending_secret")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const on = await post(
      "/en/lender/portal/two-factor/",
      { csrf: csrfIn(scan.body), code: totpCodeAt(secret ?? "", clock) },
      { cookie },
    );
    expect(on.statusCode).toBe(200);
    const codes = [...on.body.matchAll(/<li>([a-z0-9-]{8,})<\/li>/g)].map((match) => match[1]);
    expect(codes).toHaveLength(10);
    // The link worked once.
    expect((await get(`/en/lender/portal/enrol/?token=${token}`)).statusCode).toBe(404);
    return { cookie, csrf: csrfIn(on.body), secret: secret ?? "", codes };
  }

  return { post, get, cookieOf, csrfIn, enrol };
}
