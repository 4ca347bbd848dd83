import { describe, expect, it } from "vitest";
import { webOtpLine } from "../messaging/messenger";
import { webOtpHost } from "./code-sending";

describe("the code SMS's WebOTP line (decision 0373)", () => {
  it("names the public origin's host, without scheme or port, then the code", () => {
    expect(webOtpLine(webOtpHost("https://nayacompare.lk"), "123456")).toBe(
      "@nayacompare.lk #123456",
    );
    expect(webOtpHost("http://localhost:3000")).toBe("localhost");
  });
});
