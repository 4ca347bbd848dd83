import { randomUUID } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { setUpTestApp, testOutbox } from "../test-support";
import { smsCount } from "./applicant.test-support";

/**
 * The hard case of `Idempotency-Key` (decision 0475) over a real socket: the
 * phone's connection dies after the server got the application and sent its
 * SMS, the answer lost. The retry gets the first answer and its cookie, and
 * no second application or SMS is made. (A file of its own: light-my-request
 * and requests by socket do not mix in one process.)
 */
const outbox = testOutbox();
const context = setUpTestApp({ messenger: outbox.messenger });
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer(context.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const limit = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("an application whose answer is lost on the way", () => {
  it("is made once: the retry with its key gets the first answer and its cookie", async () => {
    const person = { ...validApplication, term: 90, phone: "0763000001" };
    const key = randomUUID();
    const headers = {
      "content-type": "application/json",
      cookie: `client_id=${randomUUID()}`,
      "idempotency-key": key,
    };
    const leads = async () =>
      (await context.test.storage.db.selectFrom("leads").select("id").execute()).length;
    const before = await leads();
    // Sent by a socket that is cut once the SMS went: the server is mid-request.
    const lost = request(`${base}/api/applications`, { method: "POST", headers });
    lost.on("error", () => undefined);
    lost.end(JSON.stringify(person));
    await until(() => smsCount(outbox.messages(), person.phone) === 1, "the SMS");
    lost.destroy();
    let answer: Response | undefined;
    await until(async () => {
      answer = await fetch(`${base}/api/applications`, {
        method: "POST",
        headers,
        body: JSON.stringify(person),
      });
      return answer.status !== 409;
    }, "the first answer");
    expect(answer?.status).toBe(201);
    expect(answer?.headers.getSetCookie().some((line) => line.startsWith("lead_pending="))).toBe(
      true,
    );
    expect(await leads()).toBe(before + 1);
    expect(smsCount(outbox.messages(), person.phone)).toBe(1);
  });
});
