/**
 * Requests we make to addresses someone else gave us (a partner's postback
 * URL): only over https (http too where the configuration allows it, outside
 * production), and only to hosts on the public internet, so that nobody can
 * make this server call into its own machine or network (SSRF: the cloud's
 * metadata service, a database on localhost, an intranet). A host name is
 * resolved and every address it has must be public; the request then
 * connects to one of exactly those addresses, so a second DNS answer between
 * the check and the connection (DNS rebinding) changes nothing. Redirects are
 * never followed. Which addresses are public is ipaddr.js's classification,
 * not ranges written here.
 */

import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";

/** A host name's addresses as DNS gives them (dns.lookup: the system's resolver, /etc/hosts too). */
export type HostLookup = (hostname: string) => Promise<string[]>;

/**
 * The addresses a host name may be reached at, every one of them public;
 * rejects with an OutboundRefused otherwise. `publicAddresses` in
 * production; a test may give its own host names addresses of its own.
 */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface OutboundRules {
  /** http:// as well as https:// (NODE_ENV not production); https only otherwise. */
  allowHttp: boolean;
  /** publicAddresses over the system's DNS unless given. */
  resolve?: HostResolver;
  /**
   * Loopback addresses (127.0.0.0/8, ::1) as well as public ones: only for a
   * lender stored as a sandbox (lenders.sandbox = 1), and never in production
   * (docs/decisions/0113). Private, link-local and other ranges stay refused.
   */
  allowLoopback?: boolean;
}

/** Why an address is not called: its scheme, an address that is not public, or no address at all. */
export type RefusalReason = "scheme" | "address" | "unresolved";

/** An address we do not call; the message may name the host (for the operator), never the URL. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = "OutboundRefused";
  }
}

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** IPv6's global unicast block (RFC 4291): what is outside it is not on the public internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an IP address is public: ipaddr.js calls its range "unicast"
 * (not loopback, private, link-local, unique-local, CGNAT, multicast,
 * unspecified, broadcast, documentation, benchmarking or another reserved
 * range) and, for IPv6, it is global unicast. An IPv4-mapped IPv6 address
 * is judged as the IPv4 address it maps; NAT64, 6to4 and Teredo addresses,
 * which embed an IPv4 address, are refused with their ranges.
 */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
    return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
  }
  return parsed.range() === "unicast";
}

/** Whether an IP address is a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x.x.x). */
export function isLoopbackAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.process(text);
  return parsed.range() === "loopback";
}

/** An address the rules let us call: a public one, or loopback when the rules allow it. */
function allowedAddress(address: string, allowLoopback: boolean): boolean {
  return isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
}

/**
 * A host name's addresses when every one is public (or loopback, when
 * allowed); rejects when one is not, or none resolves.
 */
export async function publicAddresses(
  hostname: string,
  lookup: HostLookup = systemLookup,
  allowLoopback = false,
): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await lookup(hostname);
  } catch {
    throw new OutboundRefused("unresolved", `${hostname} does not resolve`);
  }
  if (addresses.length === 0) {
    throw new OutboundRefused("unresolved", `${hostname} does not resolve`);
  }
  const inside = addresses.find((address) => !allowedAddress(address, allowLoopback));
  if (inside !== undefined) {
    throw new OutboundRefused(
      "address",
      `${hostname} resolves to ${inside}, which is not a public address`,
    );
  }
  return addresses;
}

/**
 * What can be told of a URL without asking DNS, for the configuration's
 * check at start (decision 0344): undefined when it is https and its host,
 * as written, may be public (not a literal address that is not, not
 * localhost); else why not. The addresses a name resolves to are checked
 * once storage and the network are up (checkOutboundUrl).
 */
export function urlProblemAsWritten(text: string): string | undefined {
  const url = URL.parse(text);
  if (!url) return "is not a URL";
  if (url.protocol !== "https:") return "must be https in production";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (ipaddr.isValid(host) && !isPublicAddress(host)) {
    return `must be on a public address in production, not ${host}`;
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    return "must be on a public address in production, not localhost";
  }
  return undefined;
}

/** The URL and the public addresses to connect to, or an OutboundRefused saying why not. */
export async function checkOutboundUrl(
  text: string,
  rules: OutboundRules,
): Promise<{ url: URL; addresses: string[] }> {
  const url = URL.parse(text);
  if (!url) throw new OutboundRefused("scheme", "is not a URL");
  if (url.protocol !== "https:" && !(rules.allowHttp && url.protocol === "http:")) {
    throw new OutboundRefused("scheme", rules.allowHttp ? "must be http(s)" : "must be https");
  }
  // WHATWG URL writes IPv4 in dotted form (0x7f.1 and 2130706433 are 127.0.0.1) and IPv6 in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowLoopback = rules.allowLoopback === true;
  if (ipaddr.isValid(host)) {
    if (!allowedAddress(host, allowLoopback)) {
      throw new OutboundRefused("address", `${host} is not a public address`);
    }
    return { url, addresses: [host] };
  }
  const addresses = rules.resolve
    ? await rules.resolve(host)
    : await publicAddresses(host, systemLookup, allowLoopback);
  return { url, addresses };
}

/**
 * The problems of named URLs under the rules (the configuration's, at start:
 * decision 0344), as "NAME: why" lines; empty when every one may be called.
 * The reason names the host or the address, never the whole URL (it may
 * hold a token).
 */
export async function refusedUrls(
  urls: readonly [name: string, url: string][],
  rules: OutboundRules,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, url] of urls) {
    try {
      await checkOutboundUrl(url, rules);
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      problems.push(`${name}: ${error.message}`);
    }
  }
  return problems;
}

const familyOf = (address: string) => (address.includes(":") ? 6 : 4);

/** A node:http lookup that answers with the addresses just checked, never a new DNS answer. */
function checkedLookup(addresses: string[]): http.RequestOptions["lookup"] {
  return (_hostname, options, callback) => {
    if (options.all) {
      const all: LookupAddress[] = addresses.map((address) => ({
        address,
        family: familyOf(address),
      }));
      (callback as (error: null, addresses: LookupAddress[]) => void)(null, all);
      return;
    }
    const [first = ""] = addresses;
    callback(null, first, familyOf(first));
  };
}

type AnswerReader<T> = (
  response: http.IncomingMessage,
  resolve: (value: T) => void,
  reject: (error: unknown) => void,
) => void;

/**
 * A GET of a checked URL, connected to the addresses just checked, its
 * answer given to `read`; rejects with OutboundRefused, or with the
 * network's error (an AbortError after timeoutMs). Redirects are answers
 * like any other, never followed.
 */
async function checkedGet<T>(
  text: string,
  init: { headers: Record<string, string>; timeoutMs: number },
  rules: OutboundRules,
  read: AnswerReader<T>,
): Promise<T> {
  const { url, addresses } = await checkOutboundUrl(text, rules);
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise<T>((resolve, reject) => {
    const request = send(
      url,
      {
        method: "GET",
        headers: init.headers,
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs),
        // Only the addresses checked above: never a second DNS answer (rebinding).
        // TLS still checks the certificate against the host name.
        lookup: checkedLookup(addresses),
      },
      (response) => read(response, resolve, reject),
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * A GET of a checked URL (checkedGet); resolves with the answer's status
 * once its head arrives (the body is not read).
 */
export function outboundGet(
  text: string,
  init: { headers: Record<string, string>; timeoutMs: number },
  rules: OutboundRules,
): Promise<number> {
  return checkedGet<number>(text, init, rules, (response, resolve) => {
    resolve(response.statusCode ?? 0);
    response.destroy();
  });
}

/** What outboundGetAnswer got: the status, the headers, and the body's first bytes. */
export interface OutboundGetAnswer {
  status: number;
  headers: [string, string][];
  /** The body's first maxBytes as UTF-8 text (a character cut at the end becomes U+FFFD). */
  body: string;
  /** The body went on past maxBytes (the rest was not read). */
  truncated: boolean;
}

/**
 * outboundGet for a person watching (the partner portal's test postback):
 * the same checks, connection and timeout, with the answer's headers and
 * at most maxBytes of its body; the rest is not read.
 */
export function outboundGetAnswer(
  text: string,
  init: { headers: Record<string, string>; timeoutMs: number; maxBytes: number },
  rules: OutboundRules,
): Promise<OutboundGetAnswer> {
  return checkedGet<OutboundGetAnswer>(text, init, rules, (response, resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      const headers: [string, string][] = [];
      const raw = response.rawHeaders;
      for (let index = 0; index + 1 < raw.length; index += 2) {
        headers.push([raw[index] ?? "", raw[index + 1] ?? ""]);
      }
      resolve({
        status: response.statusCode ?? 0,
        headers,
        body: Buffer.concat(chunks).subarray(0, init.maxBytes).toString("utf8"),
        truncated,
      });
      response.destroy();
    };
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length > init.maxBytes) finish(true);
    });
    response.on("end", () => finish(false));
    response.on("error", (error) => {
      if (!done) reject(error);
    });
  });
}

/** An answer body longer than a request allowed: it is not read further. */
export class OutboundAnswerTooLarge extends Error {
  constructor(limit: number) {
    super(`The answer is longer than ${limit} bytes`);
    this.name = "OutboundAnswerTooLarge";
  }
}

/** What outboundPost got: the status and the body as text. */
export interface OutboundAnswer {
  status: number;
  body: string;
}

/**
 * A POST of a checked URL (a lender's decision API), connected to the
 * addresses just checked, like outboundGet; resolves with the status and
 * the body (UTF-8, at most maxBytes, else OutboundAnswerTooLarge), rejects
 * with OutboundRefused or the network's error (an AbortError once `signal`
 * aborts). Redirects are answers, never followed.
 */
export async function outboundPost(
  text: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal; maxBytes: number },
  rules: OutboundRules,
): Promise<OutboundAnswer> {
  const { url, addresses } = await checkOutboundUrl(text, rules);
  init.signal.throwIfAborted();
  const send = url.protocol === "https:" ? https.request : http.request;
  const body = Buffer.from(init.body);
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...init.headers, "Content-Length": String(body.length) },
        agent: false,
        signal: init.signal,
        lookup: checkedLookup(addresses),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on("data", (chunk: Buffer) => {
          length += chunk.length;
          if (length > init.maxBytes) {
            response.destroy();
            reject(new OutboundAnswerTooLarge(init.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
