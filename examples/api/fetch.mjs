/**
 * The NayaCompare partner API with fetch (Node.js 18 or later), from your
 * server; never put the secret key in a browser.
 *   NAYACOMPARE_SECRET_KEY=sk_… [NAYACOMPARE_API=https://nayacompare.lk] node fetch.mjs
 * Prints the offers, makes an application (application.json: a sample
 * applicant who consented), enters the code we texted the applicant (your
 * page asks them for it; here the script asks you, on its standard input),
 * reads the lead's status and today's statistics. verifyPostback shows how
 * to check a postback we send you.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** An answer of the API that is not 2xx: its status, the envelope, and the code's state if any. */
class PartnerApiError extends Error {
  constructor(status, answer, retryAfter) {
    const { code, message, fields } = answer.error;
    super(
      `${status} ${code}: ${message}${fields ? ` ${JSON.stringify(fields)}` : ""}${retryAfter ? ` (retry after ${retryAfter} s)` : ""}`,
    );
    this.status = status;
    this.code = code;
    this.verification = answer.verification;
  }
}

/** Calls the API; throws a PartnerApiError with the envelope's code and message on a 4xx or 5xx. */
async function partnerApi(path, { method = "GET", body } = {}) {
  const base = `${process.env.NAYACOMPARE_API ?? "https://nayacompare.lk"}/api/partner/v1`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.NAYACOMPARE_SECRET_KEY}`,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new PartnerApiError(response.status, answer, response.headers.get("Retry-After"));
  }
  return answer;
}

/**
 * What your page does with its visitor: ask for the code we texted them
 * and post it, again after a wrong one while tries are left. The answer
 * has the matched offers and the link to them. (A code lasts 10 minutes;
 * a new one: POST /leads/{id}/verification/resend from verification.resendAt on.)
 */
async function verifyWithCode(leadId, ask) {
  for (;;) {
    const code = (await ask("The code the applicant received by SMS: ")).trim();
    try {
      return await partnerApi(`/leads/${encodeURIComponent(leadId)}/verification?lang=en`, {
        method: "POST",
        body: { code },
      });
    } catch (error) {
      if (!(error instanceof PartnerApiError) || error.code !== "wrong_code") throw error;
      console.log(`Not the code we sent: ${error.verification.triesLeft} tries left.`);
    }
  }
}

/**
 * A postback we send you is a GET of your URL; X-Signature is the hex
 * HMAC-SHA256 of that exact URL under your postback secret (whsec_…).
 * `url` is the full URL as requested: your origin plus the request's path and query.
 */
export function verifyPostback(url, signature, postbackSecret) {
  const expected = createHmac("sha256", postbackSecret).update(url).digest("hex");
  const given = Buffer.from(String(signature ?? ""), "utf8");
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, "utf8"));
}

async function main() {
  if (!process.env.NAYACOMPARE_SECRET_KEY) {
    throw new Error("Set NAYACOMPARE_SECRET_KEY to your secret key (sk_...)");
  }
  const { offers, startDate } = await partnerApi("/offers?amount=50000&term=91&lang=en");
  console.log(`${offers.length} offers for Rs. 50,000 over 91 days from ${startDate}:`);
  for (const offer of offers) {
    const apr = (offer.apr * 100).toFixed(1);
    console.log(
      `  ${offer.rank}. ${offer.lender.name}: APR ${apr}%, Rs. ${offer.total} by ${offer.returnDate}`,
    );
  }

  const application = JSON.parse(
    await readFile(new URL("application.json", import.meta.url), "utf8"),
  );
  const made = await partnerApi("/leads?lang=en", { method: "POST", body: application });
  console.log(
    `Lead ${made.leadId} made; a code went to the applicant by SMS (valid until ${made.verification.expiresAt}).`,
  );
  // Here the code comes from this script's input, a line each try.
  const input = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  const lines = input[Symbol.asyncIterator]();
  const ask = async (question) => {
    process.stderr.write(question);
    const { value, done } = await lines.next();
    if (done) throw new Error("No code was typed.");
    return value;
  };
  let lead;
  try {
    lead = await verifyWithCode(made.leadId, ask);
  } finally {
    input.close();
  }
  console.log(
    `Lead ${lead.leadId}: ${lead.status}, ${lead.offers.length} matched offers${lead.duplicate ? " (a repeat of the applicant's application of the last 24 hours)" : ""}`,
  );
  console.log(`Send the visitor to ${lead.offersUrl}`);

  const status = await partnerApi(`/leads/${encodeURIComponent(lead.leadId)}`);
  console.log(`Status: ${status.status}`);

  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10); // Colombo
  const stats = await partnerApi(`/stats?from=${today}&to=${today}`);
  console.log(`Today: ${JSON.stringify(stats.totals)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
