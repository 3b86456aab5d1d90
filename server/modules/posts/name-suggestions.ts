import { randomInt } from "node:crypto";
import { POST_NAME_MAX_LENGTH } from "#contract/api/posts.ts";

const withSuffix = (base: string, suffix: string) =>
  `${base.slice(0, POST_NAME_MAX_LENGTH - suffix.length)}${suffix}`;

/**
 * Candidate names close to a taken one, most natural first: numbered, dated, then with random digits (so a
 * busy name still yields free suggestions).
 */
export function nameCandidates(name: string, year: number, randomCount = 4): string[] {
  const base = name.trim();
  const fixed = [
    withSuffix(base, " 2"),
    withSuffix(base, " 3"),
    withSuffix(base, ` ${year}`),
    withSuffix(base, "_official"),
  ];
  const random = Array.from({ length: randomCount }, () => withSuffix(base, `_${randomInt(100, 10_000)}`));
  return [...new Set([...fixed, ...random])];
}
