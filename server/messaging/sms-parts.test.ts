import { describe, expect, it } from "vitest";
import { CODE_DIGITS, CODE_TTL_MINUTES } from "../../core/domain/verification";
import { ALL_LOCALES, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import { webOtpLine } from "./messenger";
import { type MessageTexts, messageTextsFor } from "./texts";

/**
 * How many parts an SMS travels in: GSM-7 when every character is in its
 * basic set (160 alone, 153 each when split; an extension character counts
 * two), else UCS-2 (70 alone, 67 each), as Sinhala and Tamil always are.
 */
function smsParts(text: string): number {
  const basic =
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
  const extension = "^{}\\[~]|€\f";
  const chars = [...text];
  if (chars.every((char) => basic.includes(char) || extension.includes(char))) {
    const septets = chars.reduce((sum, char) => sum + (extension.includes(char) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  const units = text.length; // UTF-16 code units, as UCS-2 counts them
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** At most this many parts, in every locale: each part is paid for and may arrive late. */
const LIMITS: Partial<Record<keyof MessageTexts, number>> = {
  applicationCodeSms: 3,
  erasureCodeSms: 3,
  offersLinkSms: 4,
};

const SMS_KEYS = (Object.keys(messageTextsFor("en")) as (keyof MessageTexts)[]).filter((key) =>
  key.endsWith("Sms"),
);

/** The texts as sent: the longest values the messenger fills in. */
function filled(locale: (typeof ALL_LOCALES)[number], key: keyof MessageTexts): string {
  // offersLink's: the origin, the locale's landing path, a 32-byte base64url token.
  const link = `https://nayacompare.lk${localizePath(locale, "/landing/offers/")}?token=${"x".repeat(43)}`;
  const text = fill(messageTextsFor(locale)[key], {
    code: "9".repeat(CODE_DIGITS),
    minutes: CODE_TTL_MINUTES,
    link,
    date: "31/12/2026",
  });
  // An application's code ends with WebOTP's line (decision 0373), as the messenger adds it.
  return key === "applicationCodeSms"
    ? `${text}\n${webOtpLine("nayacompare.lk", "9".repeat(CODE_DIGITS))}`
    : text;
}

describe("the SMS we send", () => {
  it("counts parts as the networks do", () => {
    expect(smsParts("a".repeat(160))).toBe(1);
    expect(smsParts("a".repeat(161))).toBe(2);
    expect(smsParts(`${"a".repeat(159)}€`)).toBe(2);
    expect(smsParts("அ".repeat(70))).toBe(1);
    expect(smsParts("අ".repeat(71))).toBe(2);
    expect(smsParts("அ".repeat(135))).toBe(3);
  });

  it("has a limit for every SMS", () => {
    expect(SMS_KEYS.length).toBeGreaterThan(0);
    for (const key of SMS_KEYS) expect(LIMITS[key], key).toBeDefined();
  });

  it.each(ALL_LOCALES.flatMap((locale) => SMS_KEYS.map((key) => [locale, key] as const)))(
    "%s %s is within its limit of parts",
    (locale, key) => {
      expect(smsParts(filled(locale, key))).toBeLessThanOrEqual(LIMITS[key] ?? 0);
    },
  );

  it.each(SMS_KEYS)("%s in Tamil takes no more parts than in Sinhala", (key) => {
    expect(smsParts(filled("ta", key))).toBeLessThanOrEqual(smsParts(filled("si", key)));
  });
});
