import Bowser from "bowser";

/** A device as people name it, from its user agent: "Firefox on Windows", "Safari on iOS". */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent?.trim()) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || "Unknown device";
}
