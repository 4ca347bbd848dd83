/**
 * The partner API's reference page: plain HTML written from the OpenAPI
 * document (openapi.ts), every value escaped, no script.
 */

import { escapeHtml } from "../../core/helpers/html";
import { leadOffersExample } from "../../core/views/portal/docs";

type Json = Record<string, unknown>;

/** The document's values are JSON of any type; each is written as its text. */
const escapeValue = (value: unknown): string => escapeHtml(String(value));

const code = (text: unknown) => `<code>${escapeValue(text)}</code>`;

function resolve(document: Json, schema: Json): Json {
  const reference = schema.$ref;
  if (typeof reference !== "string") return schema;
  const name = reference.replace("#/components/schemas/", "");
  const components = document.components as { schemas: Record<string, Json> };
  return components.schemas[name] ?? {};
}

/** "integer, 5000 to 200000", "one of: si, en", "string matching …". */
function typeOf(schema: Json): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    parts.push(
      values.length > 12
        ? `one of ${values.length} values (${values.slice(0, 6).join(", ")} …)`
        : `one of: ${values.join(", ")}`,
    );
  } else if (schema.const !== undefined) {
    parts.push(`always ${JSON.stringify(schema.const)}`);
  } else if (Array.isArray(schema.anyOf)) {
    parts.push((schema.anyOf as Json[]).map(typeOf).join(" or "));
  } else {
    const type = Array.isArray(schema.type) ? (schema.type as string[]).join(" or ") : schema.type;
    parts.push(String(type ?? "any"));
    if (type === "array" && schema.items) parts[0] = `array of ${typeOf(schema.items as Json)}`;
  }
  if (typeof schema.format === "string") parts.push(`format ${schema.format}`);
  if (schema.minimum !== undefined && Math.abs(Number(schema.minimum)) < 1e15) {
    parts.push(`≥ ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && Math.abs(Number(schema.maximum)) < 1e15) {
    parts.push(`≤ ${schema.maximum}`);
  }
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (typeof schema.pattern === "string") parts.push(`matching ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** A schema's fields as a nested list, objects and arrays of objects opened up to a depth. */
function fields(document: Json, input: Json, depth = 0): string {
  const schema = resolve(document, input);
  const target =
    schema.type === "array" && schema.items ? resolve(document, schema.items as Json) : schema;
  const properties = target.properties as Record<string, Json> | undefined;
  if (!properties || depth > 3) return "";
  const required = new Set((target.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(([name, property]) => {
    const inner = resolve(document, property);
    const description =
      typeof inner.description === "string" ? ` — ${escapeValue(inner.description)}` : "";
    return `<li>${code(name)} <span class="type">${escapeValue(typeOf(inner))}${
      required.has(name) ? ", required" : ""
    }</span>${description}${fields(document, inner, depth + 1)}</li>`;
  });
  return `<ul>${items.join("")}</ul>`;
}

function parameters(list: Json[] | undefined): string {
  if (!list?.length) return "";
  const rows = list.map(
    (parameter) =>
      `<tr><td>${code(parameter.name)}</td><td>${escapeValue(parameter.in)}</td><td>${escapeValue(
        typeOf((parameter.schema as Json) ?? {}),
      )}${parameter.required ? ", required" : ""}</td><td>${escapeValue(parameter.description ?? "")}</td></tr>`,
  );
  return `<table><thead><tr><th>name</th><th>in</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function operation(document: Json, method: string, path: string, op: Json): string {
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>).map(
    ([status, response]) => {
      const content = response.content as Record<string, { schema: Json }> | undefined;
      const schema = content?.["application/json"]?.schema;
      const isError = Number(status) >= 400;
      return `<li><strong>${escapeValue(status)}</strong> ${escapeValue(response.description)}${
        schema && !isError ? fields(document, schema) : ""
      }</li>`;
    },
  );
  const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  const bodySchema = body?.content["application/json"]?.schema;
  return `<section id="${escapeValue(String(op.operationId ?? path))}">
<h3>${code(`${method.toUpperCase()} ${path}`)} — ${escapeValue(op.summary)}</h3>
<p>${escapeValue(op.description)}</p>
${parameters(op.parameters as Json[] | undefined)}
${bodySchema ? `<h4>Body (JSON)</h4>${fields(document, bodySchema)}` : ""}
<h4>Answers</h4><ul>${responses.join("")}</ul>
</section>`;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

export function referencePage(document: Json): string {
  const info = document.info as Json;
  const server = ((document.servers as Json[])[0]?.url as string) ?? "";
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, item]) => {
    // A path with its own server (the feed, under /api) is named by its whole path.
    const own = (item.servers as unknown as Json[] | undefined)?.[0]?.url;
    const shown = typeof own === "string" ? `${new URL(own).pathname}${path}` : path;
    return Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => operation(document, method, shown, op));
  });
  const webhooks = Object.entries((document.webhooks ?? {}) as Record<string, Record<string, Json>>)
    .flatMap(([name, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name, method, op })),
    )
    .map(
      ({
        name,
        method,
        op,
      }) => `<section id="${escapeValue(name)}"><h3>${code(`${method.toUpperCase()} {your postback URL}`)} — ${escapeValue(op.summary)}</h3>
<p>${escapeValue(op.description)}</p>${parameters(op.parameters as Json[] | undefined)}</section>`,
    );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeValue(info.title)} — reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1b2733;max-width:60rem;margin:0 auto;padding:1rem}
code{background:#f1f4f7;padding:0 .25em;border-radius:3px}
pre{background:#f1f4f7;padding:.75rem;overflow:auto}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d5dde5;padding:.25rem .5rem;text-align:left;vertical-align:top}
.type{color:#52606d}section{border-top:1px solid #d5dde5;margin-top:1.5rem}
</style>
</head>
<body>
<main>
<h1>${escapeValue(info.title)} v${escapeValue(info.version)}</h1>
<p>${escapeValue(info.description)}</p>
<p>Machine-readable: <a href="${escapeValue(`${server}/openapi.json`)}">OpenAPI 3.1 document</a>. Base URL: ${code(server)}. This reference is in English.</p>
<h2>Authentication</h2>
<p>Send your secret key from your server: ${code("Authorization: Bearer sk_…")}. It is shown once when we create your account or rotate it; we keep only its hash. A missing or wrong key answers 401; a request a browser sends from an origin you did not register answers 403. Your publishable key (${code("pk_…")}) is for the widget and its feed and events only, from your registered origins: send it as ${code("X-Publishable-Key: pk_…")} or ${code("?key=pk_…")} with the feed's requests below (${code("/api/feed/…")}); the feed answers without a key too, and with one only when the browser's ${code("Origin")} is one you registered (403 otherwise, 401 for a key that is not one).</p>
<h2>Errors</h2>
<p>Every error is JSON: ${code('{ "error": { "code": "…", "message": "…", "fields": { "field": "what is wrong" } } }')}; ${code("fields")} comes with 400 answers. Codes are stable; messages are for developers.</p>
<h2>Rate limits</h2>
<p>Per key, in fixed one-minute windows shared by all our servers. Every answer carries ${code("RateLimit-Limit")}, ${code("RateLimit-Remaining")}, ${code("RateLimit-Reset")} (seconds) and ${code("RateLimit-Policy")}; over the limit the answer is 429 with ${code("Retry-After")}.</p>
<h2>Verifying the applicant</h2>
<p>A lead counts only once its applicant proves that the phone is theirs. ${code("POST /leads")} answers 201 with the lead id and ${code("verification")}, and we send a six-digit code by SMS to the applicant's phone. Until the code comes back, nothing of the lead goes to a lender, it earns nothing, it counts in no statistics, and it is deleted after 24 hours. Your page asks your visitor for the code, for example:</p>
<pre>${escapeValue(`<label for="code">Code from the SMS</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric"
       pattern="[0-9]*" maxlength="6" required>
<button type="submit">Confirm</button>
<button type="button">Send a new code</button>`)}</pre>
<p>${code('autocomplete="one-time-code"')} lets the phone offer the code from the SMS; ${code('inputmode="numeric"')} shows the number keys. Your server (never the browser: it holds your secret key) posts what the visitor typed to ${code("POST /leads/{id}/verification")} as ${code('{ "code": "123456" }')}:</p>
<ul>
<li>200: verified. Send your visitor to ${code("offersUrl")}, an opaque link to their offers (valid for 7 days). ${code("duplicate")} is true when they had applied and verified within 24 hours, through us or anyone: that application stands and this lead is not a new one.</li>
<li>400 ${code("wrong_code")}: show ${code("verification.triesLeft")} and let them try again (5 tries per code).</li>
<li>410 ${code("code_expired")} or ${code("too_many_tries")}: a code works for 10 minutes and 5 tries; offer a new one.</li>
<li>A new code: ${code("POST /leads/{id}/verification/resend")}, from ${code("verification.resendAt")} on: 30 seconds after the first code, then 60, 120 … up to 10 minutes. Show the wait on the button. Before then the answer is 429 ${code("resend_too_soon")} with ${code("Retry-After")}.</li>
</ul>
<p>Only you can verify your leads; a code for another partner's lead, or for an application made on our site, answers 404. Codes sent are limited per phone (5 an hour, 10 a day) and per partner; over a limit the answer is 429 ${code("too_many_requests")}.</p>
<h2>Example</h2>
<pre>curl -H "Authorization: Bearer $NAYACOMPARE_SECRET_KEY" \\
  "${escapeValue(server)}/offers?amount=50000&amp;term=91&amp;lang=en"</pre>
<h2 id="pre-approvals">Pre-approvals in real time</h2>
<p>Once the code is verified, we ask the lenders that decide in real time; they answer within a few seconds (the ${code("deadline")}). ${code("GET /leads/{id}/offers?wait=10")} answers as soon as every lender asked has answered, or when the wait or the deadline ends, whichever comes first: each lender asked with its status (${code("waiting")}, ${code("approved")}, ${code("declined")}, ${code("pending")}, ${code("failed")}; never why), and the lead's offers ranked as our site lists them, pre-approvals first with their own amount, term and ${code("expiresAt")}. A lender that declined or failed is never among the offers. ${code("decisions.complete")} says nothing more will change; if it is false, ask again. Until the lead is verified the answer is ${code('"verified": false')} with ${code('"decisions": null')} and no offers.</p>
<pre>curl -H "Authorization: Bearer $NAYACOMPARE_SECRET_KEY" \\
  "${escapeValue(server)}/leads/$LEAD_ID/offers?lang=en&amp;wait=10"</pre>
<p>An answer, once the three lenders asked have answered:</p>
<pre>${escapeValue(JSON.stringify(leadOffersExample(new URL(server).origin, "en"), null, 2))}</pre>
<p>While a lender has not answered (${code("waiting")} or ${code("pending")}), it may carry ${code("approvalOdds")}: how many of 10 applicants like this one (the same bands of loan, term, income, employment and age) it pre-approved in the last 90 days (${code("inTen")}, in words ${code("likelihood")}), and how many answered decisions that stands on (${code("basis")}, never fewer than 30; below that there is no field). It is a history, not a promise: show it with its basis and link to <a href="${escapeValue(new URL(server).origin)}/en/approval-odds/">how we count it</a>. Once the lender answers, its answer replaces it.</p>
<p>Instead of waiting, you may turn on the ${code("offers_ready")} postback (below): one per lead, when its decisions are complete.</p>
<h2>Endpoints</h2>
${operations.join("\n")}
<h2>Postbacks</h2>
${webhooks.join("\n")}
</main>
</body>
</html>
`;
}
