import type { Request } from "express";
import ipaddr from "ipaddr.js";

const DOTTED_IPV4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * The address a client's requests are counted by (rate limits, decision
 * 0341): its IPv4 address, or the /64 its IPv6 address is in. One IPv6
 * subscriber gets a whole /64 (RFC 6177) and picks any of its 2^64
 * addresses at will, so counting by the full address would give one client
 * unlimited keys. An IPv4 address written as IPv6 (::ffff:203.0.113.9, as
 * a dual-stack socket reports it) counts as that IPv4 address. Behind a
 * proxy, req.ip is the client's as TRUST_PROXY says.
 */
export function clientAddressOf(req: Pick<Request, "ip">): string {
  const text = req.ip;
  // Node writes IPv4 as dotted quads, alone or mapped: no parsing on the events' path.
  const dotted = text && DOTTED_IPV4.exec(text);
  if (dotted) return dotted[1] as string;
  if (!text || !ipaddr.isValid(text)) return "unknown";
  const address = ipaddr.process(text);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
