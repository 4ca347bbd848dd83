import { describe, expect, it } from "vitest";
import { confirmPath, isErasureRequestId, parseConfirmPath, typedCode } from "./erasure-code";

const ID = "AbCdEfGhIjKlMnOpQrSt_-";

describe("the code step's address", () => {
  it("holds the request id and the kinds waited for, and reads back", () => {
    expect(confirmPath(ID, ["email", "phone"])).toBe(`/unsubscribe/confirm/${ID}/`);
    expect(confirmPath(ID, ["phone"])).toBe(`/unsubscribe/confirm/phone/${ID}/`);
    for (const waiting of [["email", "phone"], ["email"], ["phone"]] as const) {
      expect(parseConfirmPath(confirmPath(ID, waiting))).toEqual({
        requestId: ID,
        waiting: [...waiting],
      });
    }
  });

  it("is nothing else", () => {
    for (const path of [
      "/unsubscribe/confirm/",
      `/unsubscribe/confirm/${ID}`,
      `/unsubscribe/confirm/sms/${ID}/`,
      `/unsubscribe/confirm/${ID}x/`,
      `/unsubscribe/confirm/email/phone/${ID}/`,
    ]) {
      expect(parseConfirmPath(path), path).toBeUndefined();
    }
  });
});

describe("codes and ids as typed", () => {
  it("reads six digits with spaces, hyphens or dots between them", () => {
    expect(typedCode("042 917")).toBe("042917");
    expect(typedCode("042917 ")).toBe("042917");
    expect(typedCode("04291")).toBeUndefined();
    expect(typedCode("o42917")).toBeUndefined();
  });

  it("knows a request id by its shape", () => {
    expect(isErasureRequestId(ID)).toBe(true);
    expect(isErasureRequestId(`${ID}=`)).toBe(false);
    expect(isErasureRequestId(42)).toBe(false);
  });
});
