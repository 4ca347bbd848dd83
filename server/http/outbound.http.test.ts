import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkOutboundUrl,
  isLoopbackAddress,
  isPublicAddress,
  OutboundAnswerTooLarge,
  OutboundRefused,
  outboundGet,
  outboundGetAnswer,
  outboundPost,
  publicAddresses,
  refusedUrls,
} from "./outbound";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "41.204.0.1",
    "2001:4860:4860::8888",
    "2a00:1450:4001::1",
    "::ffff:8.8.8.8",
  ])("takes %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback", "127.255.0.9"],
    ["loopback", "::1"],
    ["private", "10.0.0.1"],
    ["private", "172.31.255.255"],
    ["private", "192.168.0.1"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["link-local", "fe80::1"],
    ["unique-local", "fd00:ec2::254"],
    ["CGNAT", "100.64.0.1"],
    ["CGNAT", "100.127.255.254"],
    ["multicast", "224.0.0.251"],
    ["multicast", "ff02::fb"],
    ["unspecified", "0.0.0.0"],
    ["this network", "0.1.2.3"],
    ["unspecified", "::"],
    ["broadcast", "255.255.255.255"],
    ["documentation", "192.0.2.1"],
    ["documentation", "198.51.100.1"],
    ["documentation", "203.0.113.1"],
    ["documentation", "2001:db8::1"],
    ["benchmarking", "198.18.0.1"],
    ["benchmarking", "198.19.255.1"],
    ["benchmarking", "2001:2::1"],
    ["reserved", "240.0.0.1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped private", "::ffff:10.1.2.3"],
    ["IPv4-mapped metadata", "::ffff:a9fe:a9fe"],
    ["NAT64 of a private address", "64:ff9b::a00:1"],
    ["6to4 of loopback", "2002:7f00:1::1"],
    ["IPv4-compatible loopback", "::127.0.0.1"],
    ["site-local", "fec0::1"],
    ["not an address", "localhost"],
    ["not an address", ""],
  ])("refuses %s %s", (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("checkOutboundUrl", () => {
  const noDns = async (hostname: string): Promise<string[]> => {
    throw new Error(`no DNS in this test (${hostname})`);
  };

  it("refuses literal addresses inside, in every spelling a URL takes, without asking DNS", async () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://2130706433/",
      "https://0x7f.0.0.1/",
      "https://0177.0.0.1/",
      "https://127.1/",
      "https://[::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[0:0:0:0:0:ffff:a9fe:a9fe]/latest/meta-data/",
      "https://169.254.169.254/",
    ]) {
      const refused = checkOutboundUrl(url, { allowHttp: true, resolve: noDns });
      await expect(refused, url).rejects.toMatchObject({ reason: "address" });
    }
  });

  it("takes https only, and http only when allowed", async () => {
    const resolve = async () => ["8.8.8.8"];
    await expect(checkOutboundUrl("http://p.lk/", { allowHttp: false, resolve })).rejects.toThrow(
      "must be https",
    );
    for (const url of ["ftp://p.lk/", "file:///etc/passwd", "gopher://p.lk/", "not a url"]) {
      await expect(checkOutboundUrl(url, { allowHttp: true, resolve })).rejects.toBeInstanceOf(
        OutboundRefused,
      );
    }
    expect(
      (await checkOutboundUrl("http://p.lk/pb", { allowHttp: true, resolve })).addresses,
    ).toEqual(["8.8.8.8"]);
  });

  it("refuses a host name with one address inside, or none", async () => {
    const lookup = async (hostname: string) =>
      ({ "two.p.lk": ["8.8.8.8", "10.0.0.7"], "none.p.lk": [] })[hostname] ?? [];
    await expect(publicAddresses("two.p.lk", lookup)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(publicAddresses("none.p.lk", lookup)).rejects.toMatchObject({
      reason: "unresolved",
    });
    // The system's own resolver: localhost is this machine.
    await expect(publicAddresses("localhost")).rejects.toMatchObject({ reason: "address" });
  });
});

describe("refusedUrls (the configuration's URLs at start, 0344)", () => {
  it("names each URL whose host resolves to an address that is not public, and why", async () => {
    const hosts: Record<string, string[]> = {
      "sms.example.lk": ["41.204.0.1", "127.0.0.1"],
      "feed.example.lk": ["8.8.8.8"],
      "inside.example.lk": ["10.1.2.3"],
    };
    const rules = {
      allowHttp: false,
      resolve: (host: string) => publicAddresses(host, async (name) => hosts[name] ?? []),
    };
    expect(
      await refusedUrls(
        [
          ["SMS_WEBHOOK_URL", "https://sms.example.lk/send?token=secret-token"],
          ["FEED_UPSTREAM_URL", "https://feed.example.lk/leads"],
          ["NOTIFYLK_API_URL", "https://inside.example.lk/api"],
          ["OTHER_URL", "https://nowhere.example.lk/"],
        ],
        rules,
      ),
    ).toEqual([
      "SMS_WEBHOOK_URL: sms.example.lk resolves to 127.0.0.1, which is not a public address",
      "NOTIFYLK_API_URL: inside.example.lk resolves to 10.1.2.3, which is not a public address",
      "OTHER_URL: nowhere.example.lk does not resolve",
    ]);
  });
});

describe("outboundGet", () => {
  let server: Server;
  let port = 0;
  const seen: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      if (req.url === "/moved") res.writeHead(302, { location: `http://127.0.0.1:${port}/` });
      else res.writeHead(200);
      res.end("x".repeat(100_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("connects to the address checked, never to a second DNS answer", async () => {
    // A rebinding DNS: a checked answer first, an address inside after.
    const answers = [["127.0.0.1"], ["10.0.0.1"]];
    let asked = 0;
    const resolve = async () => answers[asked++] ?? [];
    const status = await outboundGet(
      `http://rebind.test:${port}/pb?c=1`,
      { headers: { "X-Signature": "abc" }, timeoutMs: 5_000 },
      { allowHttp: true, resolve },
    );
    expect(status).toBe(200);
    expect(asked).toBe(1);
    expect(seen.at(-1)).toMatchObject({
      url: "/pb?c=1",
      headers: { host: `rebind.test:${port}`, "x-signature": "abc" },
    });
  });

  it("answers a redirect's status and does not follow it", async () => {
    const before = seen.length;
    const status = await outboundGet(
      `http://partner.test:${port}/moved`,
      { headers: {}, timeoutMs: 5_000 },
      { allowHttp: true, resolve: async () => ["127.0.0.1"] },
    );
    expect(status).toBe(302);
    expect(seen.slice(before).map((request) => request.url)).toEqual(["/moved"]);
  });

  it("never connects to a refused address", async () => {
    const before = seen.length;
    await expect(
      outboundGet(
        `http://127.0.0.1:${port}/`,
        { headers: {}, timeoutMs: 5_000 },
        {
          allowHttp: true,
        },
      ),
    ).rejects.toBeInstanceOf(OutboundRefused);
    await expect(
      outboundGet(
        `http://localhost:${port}/`,
        { headers: {}, timeoutMs: 5_000 },
        {
          allowHttp: true,
        },
      ),
    ).rejects.toBeInstanceOf(OutboundRefused);
    expect(seen.length).toBe(before);
  });

  it("outboundGetAnswer reads the headers and no more of the body than allowed", async () => {
    const rules = { allowHttp: true, resolve: async () => ["127.0.0.1"] };
    const answer = await outboundGetAnswer(
      `http://partner.test:${port}/pb`,
      { headers: { "X-Signature": "abc" }, timeoutMs: 5_000, maxBytes: 2_048 },
      rules,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("x".repeat(2_048));
    expect(answer.truncated).toBe(true);
    expect(answer.headers.some(([name]) => name.toLowerCase() === "date")).toBe(true);
    const moved = await outboundGetAnswer(
      `http://partner.test:${port}/moved`,
      { headers: {}, timeoutMs: 5_000, maxBytes: 200_000 },
      rules,
    );
    expect(moved.status).toBe(302);
    expect(moved.truncated).toBe(false);
    expect(moved.body).toHaveLength(100_000);
    expect(moved.headers).toContainEqual(["location", `http://127.0.0.1:${port}/`]);
    await expect(
      outboundGetAnswer(
        `http://127.0.0.1:${port}/`,
        { headers: {}, timeoutMs: 5_000, maxBytes: 10 },
        { allowHttp: true },
      ),
    ).rejects.toBeInstanceOf(OutboundRefused);
  });
});

describe("loopback for sandbox lenders (allowLoopback)", () => {
  it("takes loopback, and only loopback, besides public addresses", async () => {
    for (const address of ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ["10.0.0.1", "169.254.169.254", "8.8.8.8", "fd00::1", "localhost"]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    const rules = { allowHttp: true, allowLoopback: true };
    await expect(checkOutboundUrl("http://127.0.0.1:9/", rules)).resolves.toMatchObject({
      addresses: ["127.0.0.1"],
    });
    await expect(checkOutboundUrl("http://[::1]:9/", rules)).resolves.toBeDefined();
    await expect(checkOutboundUrl("http://localhost:9/", rules)).resolves.toBeDefined();
    for (const url of ["http://10.0.0.1/", "http://169.254.169.254/", "http://[fd00::1]/"]) {
      await expect(checkOutboundUrl(url, rules)).rejects.toMatchObject({ reason: "address" });
    }
    // Without the rule, loopback is refused as ever.
    await expect(
      checkOutboundUrl("http://127.0.0.1:9/", { allowHttp: true }),
    ).rejects.toMatchObject({ reason: "address" });
  });
});

describe("outboundPost", () => {
  let server: Server;
  let port = 0;
  const seen: { method: string | undefined; body: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        seen.push({
          method: req.method,
          body: Buffer.concat(chunks).toString("utf8"),
          headers: req.headers,
        });
        if (req.url === "/big") res.writeHead(200).end("x".repeat(10_000));
        else if (req.url === "/moved") res.writeHead(307, { location: "/" }).end();
        else if (req.url === "/silent") return;
        else res.writeHead(201, { "Content-Type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const rules = { allowHttp: true, resolve: async () => ["127.0.0.1"] };
  const post = (path: string, signal = AbortSignal.timeout(5_000), maxBytes = 1_000) =>
    outboundPost(
      `http://lender.test:${port}${path}`,
      { headers: { "X-Signature": "abc" }, body: '{"a":"ශ්‍රී"}', signal, maxBytes },
      rules,
    );

  it("posts the body to the checked address and reads the answer", async () => {
    expect(await post("/decide")).toEqual({ status: 201, body: '{"ok":true}' });
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      body: '{"a":"ශ්‍රී"}',
      headers: { "x-signature": "abc", "content-length": String(Buffer.byteLength('{"a":"ශ්‍රී"}')) },
    });
  });

  it("reads no more than it was allowed, and follows no redirect", async () => {
    await expect(post("/big")).rejects.toBeInstanceOf(OutboundAnswerTooLarge);
    const before = seen.length;
    expect((await post("/moved")).status).toBe(307);
    expect(seen.length).toBe(before + 1);
  });

  it("gives up when its signal aborts", async () => {
    const controller = new AbortController();
    const pending = post("/silent", controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("never connects to a refused address", async () => {
    const before = seen.length;
    await expect(
      outboundPost(
        `http://127.0.0.1:${port}/decide`,
        { headers: {}, body: "{}", signal: AbortSignal.timeout(5_000), maxBytes: 100 },
        { allowHttp: true },
      ),
    ).rejects.toBeInstanceOf(OutboundRefused);
    expect(seen.length).toBe(before);
  });
});
