import ipaddr from "ipaddr.js";

/**
 * What a per-client limit counts a client by: its IPv4 address, or the /64 network of its IPv6 address. An IPv6
 * subscriber is given at least a /64 and picks addresses in it at will, so counting single IPv6 addresses would
 * hand each one 2^64 budgets. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as that IPv4 address.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
