import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "#server/test/app-process.ts";

// The app on its embedded default (PGlite under DATA_DIR/db), killed with SIGKILL six times in the middle of
// registrations and profile edits: after each restart on the same data, every write it had answered 2xx is
// there, and it starts cleanly. A SIGKILL leaves the operating system's page cache, so this holds the commit
// to the files and the recovery on start; what a power loss keeps is another matter (PGlite never fsyncs).
const PUBLIC_URL = "http://tagit.test";
const ENV = {
  APP_SECRET: "crash-secret-crash-secret-crash-secret-01",
  PUBLIC_URL,
  // Each registration from an address of its own: the budget per client is 5 an hour.
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "info",
};
const ROUNDS = 6;
/** Members registered before the first kill, so that every round edits profiles too. */
const FIRST_MEMBERS = 8;
const REGISTRATIONS_PER_ROUND = 20;
const PASSWORD = "crash and recover";

type Member = { email: string; cookie: string; bios: { text: string; acknowledged: boolean }[] };

let dataDir = "";
let app: AppProcess | undefined;
let base = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tagit-pglite-crash-"));
});

afterAll(async () => {
  await app?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let lastIp = 0;
/** A client address of its own (TRUST_PROXY=loopback), so the per-client budgets never apply. */
const freshIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

const send = (method: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: PUBLIC_URL,
      "x-forwarded-for": freshIp(),
      ...headers,
    },
    body: JSON.stringify(body),
  });

/** Whether the write was acknowledged: its status is all that counts, and the process may be gone before its body. */
async function acknowledged(answer: Response) {
  await answer.body?.cancel().catch(() => {});
  return answer.ok;
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("tagit_session="));

/** Registers a member: the member once the answer is 2xx, otherwise undefined. */
async function register(): Promise<Member | undefined> {
  const email = `crash-${randomUUID()}@example.com`;
  const answer = await send("POST", "/api/auth/register", {
    firstName: "Ada",
    lastName: "Crash",
    email,
    password: PASSWORD,
  });
  const cookie = sessionCookie(answer);
  if (!(await acknowledged(answer)) || !cookie) return undefined;
  return { email, cookie, bios: [] };
}

/** Sets a member's bio; the attempt is recorded first and marked acknowledged once the answer is 2xx. */
async function editBio(member: Member, text: string) {
  const attempt = { text, acknowledged: false };
  member.bios.push(attempt);
  const answer = await send("PUT", "/api/profile", { bio: text }, { cookie: member.cookie });
  attempt.acknowledged = await acknowledged(answer);
  return attempt.acknowledged;
}

/**
 * The bios a member may have now: the last acknowledged one or any attempted after it (an edit the process
 * was killed answering may have landed), or, with none acknowledged, no bio or any attempted.
 */
function possibleBios(member: Member): (string | null)[] {
  const lastAcknowledged = member.bios.findLastIndex((attempt) => attempt.acknowledged);
  const since = member.bios.slice(Math.max(lastAcknowledged, 0)).map((attempt) => attempt.text);
  return lastAcknowledged === -1 ? [null, ...since] : since;
}

/** Starts the app on the data directory; it must come up without logging an error (a damaged database would). */
async function start() {
  app = await startAppProcess("pglite-crash", ENV, { dataDir });
  base = await app.ready();
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  expect(app.logs.filter((line) => line.level >= 50)).toEqual([]);
}

/** Fires every write at once and kills the process with SIGKILL once `killAfter` of them were answered 2xx. */
async function writeAndKill(members: Member[], round: number, killAfter: number) {
  const running = app as AppProcess;
  const total = REGISTRATIONS_PER_ROUND + members.length;
  let answered = 0;
  let settled = 0;
  let inFlightAtKill = -1;
  const settle = (ok: boolean) => {
    settled += 1;
    if (ok) answered += 1;
    if (ok && answered === killAfter) {
      inFlightAtKill = total - settled;
      running.signal("SIGKILL");
    }
  };
  // A request the kill cut short rejects: not acknowledged.
  const registrations = Array.from({ length: REGISTRATIONS_PER_ROUND }, async () => {
    const member = await register().catch(() => undefined);
    settle(member !== undefined);
    return member;
  });
  const edits = members.map(async (member) => {
    settle(await editBio(member, `round ${round} ${randomUUID().slice(0, 8)}`).catch(() => false));
  });
  const registered = (await Promise.all(registrations)).filter((member) => member !== undefined);
  await Promise.all(edits);
  // Too few acknowledged to reach `killAfter`: killed now, and the caller fails the round (nothing was in flight).
  if (inFlightAtKill === -1) running.signal("SIGKILL");
  await running.exited;
  return { registered, inFlightAtKill };
}

/** Every member's session (and so their account) is there, with a bio the acknowledged writes allow. */
async function expectAcknowledgedWrites(members: Member[]) {
  for (const member of members) {
    const answer = await fetch(`${base}/api/profile`, { headers: { cookie: member.cookie } });
    expect(answer.status, member.email).toBe(200);
    const profile = (await answer.json()) as { email: string; bio: string | null };
    expect(profile.email).toBe(member.email);
    expect(possibleBios(member), member.email).toContain(profile.bio);
  }
}

async function expectSignIn(member: Member) {
  const answer = await send("POST", "/api/auth/login", { email: member.email, password: PASSWORD });
  expect(answer.status, member.email).toBe(200);
}

// Seven starts of the app take most of the time: about 50 s in all on two idle cores, more on busy ones.
it("keeps every acknowledged registration and profile edit through six SIGKILLs, and starts cleanly each time", async () => {
  await start();
  const members = (await Promise.all(Array.from({ length: FIRST_MEMBERS }, register))).filter(
    (member) => member !== undefined,
  );
  expect(members).toHaveLength(FIRST_MEMBERS);
  for (let round = 1; round <= ROUNDS; round++) {
    // Killed after a seventh of the writes were answered in the first round, six sevenths in the last: each
    // round is cut at another point of the mix of edits and registrations.
    const killAfter = Math.round(((members.length + REGISTRATIONS_PER_ROUND) * round) / (ROUNDS + 1));
    const { registered, inFlightAtKill } = await writeAndKill(members, round, killAfter);
    expect(inFlightAtKill, "writes still in flight at the kill").toBeGreaterThan(0);
    members.push(...registered);

    await start();
    await expectAcknowledgedWrites(members);
    for (const member of registered) await expectSignIn(member);
  }
  expect(members.length).toBeGreaterThan(FIRST_MEMBERS);
}, 240_000);
