import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import { listLenders } from "../lenders/lender-export";
import { importLenders } from "../lenders/lender-import";
import { seedSampleLenders } from "../lenders/lenders";
import { API_HOST, apiLender, licensedLender } from "../lenders/test-lenders";
import { createMessenger } from "../messaging/messenger";
import type { Mail } from "../messaging/transports";
import {
  appWith,
  openTestSqlite,
  silentLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import { addStaffMember, formHeaders, type SignedIn, signInOverHttp } from "./staff.test-support";

/**
 * The staff page and the audit log (issue 16), as an admin: adding a
 * member (the link shown, and mailed when a real transport exists),
 * changing roles, disabling, and what the log then shows.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
const mailed: Mail[] = [];
let admin: SignedIn;

beforeAll(async () => {
  test = await openTestSqlite();
  const messenger = createMessenger(
    {
      sms: { name: "test", real: false, send: async () => {} },
      mail: {
        name: "test smtp",
        real: true,
        send: async (mail) => {
          mailed.push(mail);
        },
      },
    },
    silentLog,
  );
  app = appWith(test.storage, { now: () => clock, messenger });
  const member = await addStaffMember(test.storage, {
    email: "boss@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: clock,
  });
  admin = await signInOverHttp(app, member, { at: clock });
});
afterAll(async () => {
  await test?.cleanup();
});

/** Each change a second after the last, so the log's order is the order of the changes. */
const post = (url: string, form: Record<string, string>, as: SignedIn = admin) => {
  clock = new Date(clock.getTime() + 1_000);
  return inject(app, {
    method: "POST",
    url,
    headers: formHeaders(as),
    payload: new URLSearchParams({ csrf: as.csrf, ...form }).toString(),
  });
};
const get = (url: string, as: SignedIn = admin) =>
  inject(app, { method: "GET", url, headers: { cookie: as.cookie } });

async function memberId(email: string): Promise<string> {
  const row = await test.storage.db
    .selectFrom("staff")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the staff page", () => {
  it("adds a member and shows their one-time link once, mailed too with a real transport", async () => {
    const res = await post("/admin/staff/", {
      email: "New.Mod@NayaCompare.test",
      role: "moderator",
    });
    expect(res.statusCode).toBe(200);
    const link = /https:\/\/nayacompare\.test\/admin\/enrol\/\?token=[\w-]{43}/.exec(res.body)?.[0];
    expect(link).toBeDefined();
    expect(res.body).toContain("We also e-mailed it to them.");
    expect(mailed.at(-1)).toMatchObject({ to: "new.mod@nayacompare.test" });
    expect(mailed.at(-1)?.text).toContain(link);
    // The list shows the member waiting, never the link again.
    const list = await get("/admin/staff/");
    expect(list.body).toContain("new.mod@nayacompare.test");
    expect(list.body).toContain("waiting for their password");
    expect(list.body).not.toContain(link?.split("token=")[1]);
    const again = await post("/admin/staff/", {
      email: "new.mod@nayacompare.test",
      role: "analyst",
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("A member with that e-mail exists already.");
    const bad = await post("/admin/staff/", { email: "not an address", role: "analyst" });
    expect(bad.body).toContain("Enter an e-mail address.");
  });

  it("changes a role, disables (ending the member's sessions) and enables", async () => {
    const member = await addStaffMember(test.storage, {
      email: "changing@nayacompare.test",
      role: "moderator",
      now: clock,
    });
    const theirs = await signInOverHttp(app, member, { at: clock });
    const id = member.staff.id;
    const role = await post(`/admin/staff/${id}/role`, { role: "analyst" });
    expect(role.headers.location).toBe("/admin/staff/?done=role");
    expect((await get("/admin/staff/?done=role")).body).toContain("The role is changed.");
    // The new role applies at the member's next request.
    expect((await get("/admin/moderation/", theirs)).statusCode).toBe(403);
    expect((await get("/admin/funnel/", theirs)).statusCode).toBe(200);
    expect((await post(`/admin/staff/${id}/disable`, {})).headers.location).toBe(
      "/admin/staff/?done=disabled",
    );
    expect((await get("/admin/", theirs)).statusCode).toBe(303);
    expect((await post(`/admin/staff/${id}/enable`, {})).headers.location).toBe(
      "/admin/staff/?done=enabled",
    );
    const relinked = await post(`/admin/staff/${id}/link`, {});
    expect(relinked.body).toMatch(/admin\/enrol\/\?token=[\w-]{43}/);
  });

  it("keeps the last admin, and does not let an admin disable themselves", async () => {
    const own = await memberId("boss@nayacompare.test");
    const demote = await post(`/admin/staff/${own}/role`, { role: "moderator" });
    expect(demote.statusCode).toBe(400);
    expect(demote.body).toContain("That would leave no active admin.");
    const self = await post(`/admin/staff/${own}/disable`, {});
    expect(self.body).toContain("You cannot disable your own account.");
    const unknown = await post("/admin/staff/AAAAAAAAAAAAAAAAAAAAAA/disable", {});
    expect(unknown.body).toContain("That member does not exist.");
    const badRole = await post(`/admin/staff/${own}/role`, { role: "owner" });
    expect(badRole.statusCode).toBe(400);
  });
});

describe("the audit log page", () => {
  it("lists the changes newest first, filtered by who, what and when (Colombo days)", async () => {
    const all = await get("/admin/audit/");
    expect(all.statusCode).toBe(200);
    const actions = [...all.body.matchAll(/<h3 id="entry-[\w-]+">([\w.]+)<\/h3>/g)].map(
      (m) => m[1],
    );
    expect(actions.slice(0, 3)).toEqual(["staff.link", "staff.enable", "staff.disable"]);
    expect(actions).toContain("staff.create");
    expect(all.body).toContain("changing@nayacompare.test");

    const boss = await memberId("boss@nayacompare.test");
    const byBoss = await get(`/admin/audit/?actor=${boss}&action=staff.role`);
    const roleChanges = [...byBoss.body.matchAll(/<h3 id="entry-[\w-]+">([\w.]+)<\/h3>/g)];
    expect(roleChanges).toHaveLength(1);
    expect(byBoss.body).toContain("{&quot;role&quot;:&quot;moderator&quot;}");
    expect(byBoss.body).toContain("{&quot;role&quot;:&quot;analyst&quot;}");
    const byCommandLine = await get("/admin/audit/?actor=command-line&action=staff.create");
    expect(byCommandLine.body).toContain("command line");

    // 06:00 UTC is 11:30 in Colombo, on the 21st; the 22nd has nothing yet.
    expect((await get("/admin/audit/?from=2026-11-21&to=2026-11-21")).body).toContain("staff.role");
    expect((await get("/admin/audit/?from=2026-11-22")).body).toContain("No entries match.");
  });

  it("shows moderation changes without the name or text of what was moderated", async () => {
    const moderator = await addStaffMember(test.storage, {
      email: "mod@nayacompare.test",
      role: "moderator",
      now: clock,
    });
    clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
    const signedIn = await signInOverHttp(app, moderator, { at: clock });
    const sent = await inject(app, {
      method: "POST",
      url: "/api/comments",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        slug: "are-you-ready-to-apply-for-personal-loans",
        locale: "en",
        name: "Kumari Silva",
        email: "kumari@example.lk",
        text: "Words only Kumari wrote",
        website: "",
      }),
    });
    const { id } = sent.json();
    const approve = await post("/admin/moderation/", { one: `approve:comment:${id}` }, signedIn);
    expect(approve.headers.location).toBe("/admin/moderation/?done=approve&count=1");
    const log = await get("/admin/audit/?action=moderation.approve");
    expect(log.body).toContain(`comment:${id}`);
    expect(log.body).toContain("mod@nayacompare.test");
    expect(log.body).not.toContain("Kumari");
    // Moderators do not read the log.
    expect((await get("/admin/audit/", signedIn)).statusCode).toBe(403);
  });
});

describe("the overview pages", () => {
  it("list the lenders and partners in storage", async () => {
    const lenders = await get("/admin/lenders/");
    expect(lenders.statusCode).toBe(200);
    expect(lenders.body).toContain("No lenders in storage.");
    const partners = await get("/admin/partners/");
    expect(partners.body).toContain("No partners yet.");
  });

  it("list the lenders as storage holds them: status, licence, how each decides, labels", async () => {
    await seedSampleLenders(test.storage);
    await importLenders(
      test.storage,
      [
        licensedLender(),
        apiLender({ status: "paused" }),
        licensedLender({
          id: "sandbox-steady",
          names: { en: "Steady Sandbox Credit", si: "Steady Sandbox Credit" },
          licence: undefined,
          status: "draft",
          sandbox: true,
          products: [],
        }),
      ],
      {
        baseDir: ".",
        allowSandbox: true,
        urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
      },
    );
    const res = await get("/admin/lenders/");
    expect(res.statusCode).toBe(200);
    const cards = [...res.body.matchAll(/<li class="card">(.*?)<\/li>/gs)].map((match) =>
      (match[1] ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    // Every lender of storage, in the catalogue's order, as npm run lenders -- list has them.
    const listed = await listLenders(test.storage);
    expect(cards).toHaveLength(listed.length);
    for (const [index, lender] of listed.entries()) {
      expect(cards[index]).toContain(`${lender.name} ${lender.id}, `);
    }
    const card = (id: string) => cards.find((text) => text.includes(` ${id}, `)) ?? "";
    expect(card("ruhuna-harbour")).toContain(
      "Ruhuna Harbour Finance ruhuna-harbour, live, licence CBSL licensed finance company LFC-0042, we match its products, 2 products",
    );
    expect(card("ruhuna-harbour")).not.toMatch(/sample|sandbox/);
    expect(card("harbour-api")).toContain(
      "harbour-api, paused, licence CBSL licensed microfinance company LMFC-0007, decides through its decision API, 1 products",
    );
    expect(card("sandbox-steady")).toContain(
      "sandbox-steady, draft, no licence recorded, we match its products, 0 products",
    );
    expect(card("sandbox-steady")).toContain("sandbox lender, for tests");
    const samples = cards.filter((text) => text.includes("sample lender, not a real one"));
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(sample).toContain(", live, no licence recorded, ");
  });
});
