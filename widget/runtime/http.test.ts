import { afterEach, describe, expect, it, vi } from "vitest";
import { getJson, postJson } from "./http";

/** A fetch that answers with these statuses in turn (0 = a network failure), counting its calls. */
function answering(...statuses: number[]) {
  const calls: RequestInit[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    calls.push(init);
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    if (status === 0) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify({ status }), {
      status,
      headers: { "Content-Type": "application/json", "Retry-After": "3" },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the browser's HTTP helper (SPEC §7)", () => {
  it("retries a read once on each of the SPEC's statuses", async () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      const calls = answering(status, 200);
      const result = await getJson("/x");
      expect(result, String(status)).toEqual({ ok: true, status: 200, data: { status: 200 } });
      expect(calls).toHaveLength(2);
    }
  });

  it("retries a read only once, and not on other statuses or a network failure", async () => {
    answering(503, 503, 200);
    expect(await getJson("/x")).toMatchObject({ ok: false, status: 503, retryAfter: "3" });
    for (const status of [400, 404, 501, 0]) {
      const calls = answering(status, 200);
      expect((await getJson("/x")).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it("never retries a write, and sends JSON", async () => {
    const calls = answering(503, 200);
    const result = await postJson("/x", { a: 1 });
    expect(result).toMatchObject({ ok: false, status: 503 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", body: '{"a":1}' });
    expect(calls[0]?.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("returns a network failure instead of throwing", async () => {
    answering(0);
    await expect(
      postJson("/x", {}, { contentType: "text/plain", keepalive: true }),
    ).resolves.toEqual({ ok: false, status: 0, data: null, retryAfter: null });
  });
});
