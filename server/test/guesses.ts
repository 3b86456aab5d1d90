type Answer = { statusCode: number; json(): unknown };

/** The number of guesses each attack sends at once. */
export const GUESSES = 100;

/** Sends `count` requests at once, as an attacker racing a limit would; answers them in the order sent. */
export const atOnce = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

/** How many answers there were of each kind, as `"<status> <error code>"` ("200" for a success). */
export function tally(answers: Answer[]) {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const code = answer.statusCode < 400 ? "" : ` ${(answer.json() as { code: string }).code}`;
    const kind = `${answer.statusCode}${code}`;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
