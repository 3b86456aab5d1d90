import { isIP } from "node:net";

/** What Fastify's `trustProxy` gets: false, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** proxy-addr's named ranges, accepted next to addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY. `true` is refused: it would make the left-most X-Forwarded-For entry, which the client
 * writes itself, its address for rate limits. Returns an error message for a bad value.
 */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const value = raw.trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") {
    return {
      error:
        "must name the proxies to trust: the number of proxy hops in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); `true` would trust any client-written X-Forwarded-For",
    };
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) return { error: `is not a hop count or a list of addresses/CIDRs (${bad})` };
  return entries;
}

/**
 * Fastify's own number handling trusts no hop at all (it fails closed), so a hop count becomes the function
 * proxy-addr calls per address: hop 0 is the socket peer, hop 1 the entry it appended, and so on.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
