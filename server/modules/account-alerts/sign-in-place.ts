import { createHmac, hkdfSync } from "node:crypto";
import Bowser from "bowser";
import ipaddr from "ipaddr.js";

/**
 * Where a sign-in came from, as coarse as recognising it needs: the network (an IPv4 /16 or an IPv6 /64, the
 * block a subscriber moves around in) and the browser family ("Firefox", not its version). `label` is what an
 * e-mail may show of the network: the first half of an IPv4 address, the first 32 bits of an IPv6 one.
 */
export type SignInPlace = { network: string; label: string; browser: string };

const UNKNOWN = "Unknown";

export function signInPlaceOf(meta: { ipAddress?: string; userAgent?: string }): SignInPlace {
  return { ...networkOf(meta.ipAddress), browser: browserFamily(meta.userAgent) };
}

function networkOf(address: string | undefined): { network: string; label: string } {
  if (!address || !ipaddr.isValid(address)) return { network: UNKNOWN, label: "an unknown network" };
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") {
    const [a, b] = (parsed as ipaddr.IPv4).octets;
    return { network: `${a}.${b}.0.0/16`, label: `${a}.${b}.x.x` };
  }
  const parts = (parsed as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return { network: `${parts.slice(0, 4).join(":")}::/64`, label: `${parts.slice(0, 2).join(":")}:…` };
}

function browserFamily(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN;
  return Bowser.getParser(userAgent).getBrowserName() || UNKNOWN;
}

/**
 * The stored form of a member's network: an HMAC under a key derived from APP_SECRET, bound to the member, so a
 * copy of the database neither reads the network nor sees two members sharing one.
 */
export function createNetworkKeys(appSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "tagit-sign-in-places", "network", 32));
  return (userId: string, network: string) =>
    createHmac("sha256", key).update(`${userId}\n${network}`).digest("base64url");
}

export type NetworkKeys = ReturnType<typeof createNetworkKeys>;
