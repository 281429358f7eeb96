import { BlockList, isIP } from "node:net";

type HeaderSource = Record<string, string | string[] | undefined> | Headers;

function headerValues(headers: HeaderSource, name: string): string[] {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  if (value == null) return [];
  return (Array.isArray(value) ? value : [value])
    .flatMap((entry) => entry.split(","))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** Addresses as one form: "::ffff:10.0.0.1" (IPv4 over an IPv6 socket) is "10.0.0.1". */
function normalAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/** Parses TRUSTED_PROXIES entries ("10.0.0.1", "10.0.0.0/8", "fd00::/8"); throws on a bad one. */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`"${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, bits, type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The address a sign-in attempt came from, for throttling. X-Forwarded-For is read from the
 * right: each hop in TRUSTED_PROXIES appended the address it saw, so the first entry that is not
 * a trusted proxy is the client. Entries left of it were written by the client and are ignored,
 * which is what stops a client from choosing (or rotating) its own address.
 *
 * The rightmost entry is the socket's peer: the production server appends it to every request
 * (scripts/run/forwarded-for.mjs), so with no trusted proxies the client is that address and a
 * header the client wrote is never read. One rule for staff sign-in and the widget's order check.
 */
export function clientSourceFromHeaders(headers: HeaderSource, trusted: BlockList): string | null {
  const hops = headerValues(headers, "x-forwarded-for")
    .map(normalAddress)
    .filter((hop) => isIP(hop) !== 0);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] as string;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return hops[0] ?? null;
}

const loopback = trustedProxyList(["127.0.0.0/8", "::1"]);

/** True only for a known loopback address: an unknown client is not this machine. */
export function isLoopbackAddress(address: string | null): boolean {
  return address !== null && isTrusted(loopback, normalAddress(address));
}
