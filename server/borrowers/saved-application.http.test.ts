import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { setUpTestApp, testOutbox } from "../test-support";
import { applyVerified } from "./applicant.test-support";
import { APPLICATION_RESET_COOKIE, SAVED_APPLICATION_TTL_MS } from "./saved-application";

/**
 * Decision 0196: the application page starts from the visitor's own
 * answers, read through their lead cookie for an hour after they applied,
 * never stored by the browser, and gone once they pressed "Start again".
 */
const outbox = testOutbox();
let clock = Date.now();
const context = setUpTestApp({ messenger: outbox.messenger, now: () => new Date(clock) });

function page(path: string, cookie?: string) {
  return inject(context.app, {
    method: "GET",
    url: path,
    headers: cookie ? { cookie } : {},
  });
}

/** The page's state, as the browser reads it. */
function stateOf(html: string): { view?: { saved?: Record<string, unknown> } } {
  const json = /<script type="application\/json" id="app-state">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? "{}");
}

describe("the application page with the visitor's own application", () => {
  it("starts from the answers of the lead the cookie names, in a response nobody stores", async () => {
    clock = Date.now();
    const phone = "0771230001";
    const { leadId } = await applyVerified(context.app, outbox.messages, {
      ...validApplication,
      phone,
    });
    const cookie = `lead=${leadId}`;

    const res = await page("/en/application/", cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(stateOf(res.body).view?.saved).toEqual({
      appliedAt: expect.any(String),
      amount: validApplication.amount,
      termDays: validApplication.term,
      purpose: validApplication.purpose,
      fullName: "Kamal Perera",
      nic: "853400937V",
      birthDate: "1985-12-05",
      phone: "+94771230001",
      email: "kamal.perera@example.lk",
      monthlyIncome: validApplication.monthlyIncome,
      employment: validApplication.employment,
      bank: validApplication.bank,
      district: validApplication.district,
    });
    // The server renders the form filled, so it shows the same before scripts run.
    expect(res.body).toContain('value="Kamal Perera"');

    // In-app navigation ("Edit my application" from the offers page) reads the same.
    const api = await page("/client-api/page?path=/application/", cookie);
    expect(api.headers["cache-control"]).toBe("private, no-store");
    expect(api.json().state.view.saved.nic).toBe("853400937V");

    // Without the cookie, or with another page, nothing of it.
    const anonymous = await page("/en/application/");
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
    expect(stateOf(anonymous.body).view?.saved).toBeUndefined();
    expect(anonymous.body).not.toContain("Kamal");
    const how = await page("/en/how/", cookie);
    expect(how.headers["cache-control"]).toBe("no-cache");
    expect(how.body).not.toContain("Kamal");

    // "Start again" names the application it emptied: it is not offered again.
    const appliedAt = Date.parse(String(stateOf(res.body).view?.saved?.appliedAt));
    const reset = await page(
      "/en/application/",
      `${cookie}; ${APPLICATION_RESET_COOKIE}=${appliedAt}`,
    );
    expect(stateOf(reset.body).view?.saved).toBeUndefined();
    // A reset from before the application (another one, emptied earlier) does not hide it.
    const older = await page(
      "/en/application/",
      `${cookie}; ${APPLICATION_RESET_COOKIE}=${appliedAt - 1}`,
    );
    expect(stateOf(older.body).view?.saved?.nic).toBe("853400937V");
    // Junk in the cookie is no reset.
    const junk = await page("/en/application/", `${cookie}; ${APPLICATION_RESET_COOKIE}=soon`);
    expect(stateOf(junk.body).view?.saved?.nic).toBe("853400937V");

    // An hour later the form starts empty: a shared phone does not keep it for the next person.
    clock += SAVED_APPLICATION_TTL_MS + 1000;
    const later = await page("/en/application/", cookie);
    expect(stateOf(later.body).view?.saved).toBeUndefined();
    expect(later.body).not.toContain("Kamal");
  });

  it("offers nothing for an unknown or malformed lead id", async () => {
    clock = Date.now();
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "not-an-id"]) {
      const res = await page("/application/", `lead=${id}`);
      expect(res.statusCode).toBe(200);
      expect(stateOf(res.body).view?.saved).toBeUndefined();
    }
  });
});
