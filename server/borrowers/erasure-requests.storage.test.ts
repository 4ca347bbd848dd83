import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASURE_CODE } from "../../core/domain/erasure-code";
import { erasureSteps } from "../erasure";
import { onEachEngine, type TestStorage } from "../test-support";
import { isSuppressed } from "./erasure";
import { confirmErasure, openErasureRequest, sweepErasureRequests } from "./erasure-requests";

const AT = new Date("2026-11-21T06:00:00.000Z");
const minutesLater = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

function requestsContract(name: string, open: () => Promise<TestStorage>) {
  describe(`deletion requests on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const wrong = (...right: string[]) => (right.includes("000000") ? "000001" : "000000");

    it("gives each contact its own code; a code erases its own contact only", async () => {
      const { requestId, codes } = await openErasureRequest(
        test.storage,
        { email: "own@example.lk", phone: "+94770000001" },
        AT,
      );
      expect(codes.map((sent) => sent.kind)).toEqual(["email", "phone"]);
      const [email, phone] = codes;
      if (!email || !phone) throw new Error("two codes expected");
      expect(email.code).not.toBe(phone.code);
      const first = await confirmErasure(test.storage, requestId, email.code, {
        now: AT,
        steps: erasureSteps,
      });
      expect(first).toEqual({ kind: "erased", erased: "email", waiting: ["phone"] });
      expect(await isSuppressed(test.storage, "email", "own@example.lk")).toBe(true);
      expect(await isSuppressed(test.storage, "phone", "+94770000001")).toBe(false);
      // A wrong code now costs the phone a try, and only the phone.
      const second = await confirmErasure(test.storage, requestId, wrong(phone.code), {
        now: AT,
        steps: erasureSteps,
      });
      expect(second).toEqual({ kind: "wrong_code", triesLeft: 4, waiting: ["phone"] });
      const third = await confirmErasure(test.storage, requestId, phone.code, {
        now: AT,
        steps: erasureSteps,
      });
      expect(third).toEqual({ kind: "erased", erased: "phone", waiting: [] });
      expect(
        await confirmErasure(test.storage, requestId, phone.code, { now: AT, steps: erasureSteps }),
      ).toEqual({
        kind: "expired",
      });
    });

    it("counts concurrent wrong codes one after the other: never more than five tries", async () => {
      const { requestId, codes } = await openErasureRequest(
        test.storage,
        { phone: "+94770000002" },
        AT,
      );
      const right = codes[0]?.code ?? "";
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () =>
          confirmErasure(test.storage, requestId, wrong(right), { now: AT, steps: erasureSteps }),
        ),
      );
      const kinds = outcomes.map((outcome) => outcome.kind);
      expect(kinds.filter((kind) => kind === "wrong_code")).toHaveLength(ERASURE_CODE.tries - 1);
      expect(kinds.filter((kind) => kind === "too_many_tries")).toHaveLength(
        12 - (ERASURE_CODE.tries - 1),
      );
      const tries = outcomes.flatMap((outcome) =>
        outcome.kind === "wrong_code" ? [outcome.triesLeft] : [],
      );
      expect(tries.sort()).toEqual([1, 2, 3, 4]);
      expect(
        await confirmErasure(test.storage, requestId, right, { now: AT, steps: erasureSteps }),
      ).toEqual({
        kind: "too_many_tries",
      });
      expect(await isSuppressed(test.storage, "phone", "+94770000002")).toBe(false);
    });

    it("forgets a contact once its code expired, and the request a day later", async () => {
      const { requestId } = await openErasureRequest(
        test.storage,
        { email: "sweep@example.lk" },
        AT,
      );
      const row = () =>
        test.storage.db
          .selectFrom("erasure_confirmations")
          .select(["contact", "code_hash", "contact_hash", "key_id"])
          .where("request_id", "=", requestId)
          .executeTakeFirst();
      expect(await sweepErasureRequests(test.storage, minutesLater(ERASURE_CODE.minutes - 1))).toBe(
        0,
      );
      // Waiting, the contact is sealed under a key of its own (decision 0335).
      const waiting = await row();
      expect(waiting?.contact).not.toContain("sweep@example.lk");
      const [opened] = await test.storage.keys.openRows(test.storage.db, "erasure_confirmations", [
        { contact: waiting?.contact ?? null, key_id: waiting?.key_id ?? null },
      ]);
      expect(opened?.contact).toBe("sweep@example.lk");
      expect(
        await sweepErasureRequests(test.storage, minutesLater(ERASURE_CODE.minutes)),
      ).toBeGreaterThanOrEqual(1);
      expect(await row()).toEqual({
        contact: null,
        code_hash: null,
        contact_hash: null,
        key_id: null,
      });
      const key = await test.storage.db
        .selectFrom("data_keys")
        .select("id")
        .where("id", "=", waiting?.key_id ?? "")
        .execute();
      expect(key).toEqual([]);
      // The counts of the deletion limits go after a day too; other limits are not ours.
      await test.storage.db
        .insertInto("rate_limits")
        .values([
          { key: "deletion code:0:ip-hash", window_start: AT.getTime(), count: 3 },
          { key: "deletion confirmation:0:ip-hash", window_start: AT.getTime(), count: 1 },
          { key: "partner api:0:lanka-deals", window_start: AT.getTime(), count: 9 },
        ])
        .execute();
      await sweepErasureRequests(test.storage, minutesLater(24 * 60 + 1));
      expect(await row()).toBeUndefined();
      const limits = await test.storage.db.selectFrom("rate_limits").select("key").execute();
      expect(limits.map((limit) => limit.key)).toEqual(["partner api:0:lanka-deals"]);
    });
  });
}

onEachEngine(requestsContract);
