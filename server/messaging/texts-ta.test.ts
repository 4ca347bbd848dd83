import { describe, expect, it } from "vitest";
import { notificationPayload } from "../borrowers/push";
import { messageTextsFor } from "./texts";

/**
 * Issue 20: what a Tamil applicant receives is Tamil, with the same
 * placeholders as English (the messenger fills them), and a push opens the
 * Tamil offers page.
 */
describe("Tamil messages", () => {
  const en = messageTextsFor("en");
  const ta = messageTextsFor("ta");
  const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

  it.each(Object.keys(en) as (keyof typeof en)[])(
    "%s is Tamil with English's placeholders",
    (key) => {
      expect(ta[key]).toMatch(/[\u0B80-\u0BFF]/);
      expect(ta[key]).not.toMatch(/[\u0D80-\u0DFF]/);
      expect(placeholders(ta[key])).toEqual(placeholders(en[key]));
    },
  );

  it("sends a Tamil push that opens /ta/offers/", () => {
    const payload = JSON.parse(notificationPayload("ta", "approved"));
    expect(payload.url).toBe("/ta/offers/");
    expect(payload.lang).toBe("ta");
    expect(payload.title).toMatch(/[\u0B80-\u0BFF]/);
    expect(payload.body).toMatch(/[\u0B80-\u0BFF]/);
  });
});
