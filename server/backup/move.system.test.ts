import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "#server/cli.ts";
import type { Database } from "#server/db/client.ts";
import { CARD_EXPIRY } from "#server/test/billing.ts";
import { startConfiguredApp } from "#server/test/configured-app.ts";
import { dataDirWithEmptyDatabase } from "#server/test/embedded-template.ts";
import {
  asMember,
  createPost,
  enrolAuthenticatorApp,
  giveTagg,
  registerMember,
  releaseAnonymousNow,
  setPrivacyMode,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
  uniqueIp,
} from "#server/test/factories.ts";
import { freshPostgresDatabase } from "#server/test/fresh-postgres.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { aModerationReason } from "#server/test/moderation-reasons.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { secondStep, signIn, signInCookie } from "#server/test/sign-in.ts";
import { TEST_APP_SECRET, type TestApp } from "#server/test/test-app.ts";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
type Member = Awaited<ReturnType<typeof registerMember>>;
type Tagit = Awaited<ReturnType<typeof startConfiguredApp>>;

const COMMON = {
  APP_SECRET: TEST_APP_SECRET,
  PAYMENTS_TEST_MODE: "true",
  ADMIN_EMAILS: TEST_ADMIN_EMAIL,
  // The jobs would run in the middle of the comparisons; releasing held activity is done by hand.
  JOBS_FIRST_RUN_DELAY_MS: "3600000",
};

let s3: S3TestServer;
const directories: string[] = [];
const newDataDir = async () => {
  const directory = await mkdtemp(path.join(tmpdir(), "tagit-move-"));
  directories.push(directory);
  return directory;
};
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

const s3Env = () => ({
  S3_ENDPOINT: s3.settings.endpoint,
  S3_BUCKET: s3.settings.bucket,
  S3_REGION: s3.settings.region,
  S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  S3_FORCE_PATH_STYLE: "true",
});

const getJson = async (t: TestApp, cookie: string, url: string) => {
  const response = await t.app.inject({ url, headers: { cookie } });
  expect(response.statusCode, `GET ${url}`).toBe(200);
  return response.json();
};

const post = (t: TestApp, member: { cookie: string }, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

/** Every table's row count (the pseudonym keys aside: a restore starts a new epoch). */
async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'anonymity_keys' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(sql.raw(`select count(*)::int as count from "${name}"`))) as unknown as {
      rows: { count: number }[];
    };
    counts[name] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

/**
 * The database's keys, indexes and triggers by name: a restore loads rows into bare tables and must put every
 * one of them back, the triggers enabled (running instances hear of changes through them). Not-null
 * constraints are left out: the embedded database lists them there and PostgreSQL 15 does not.
 */
async function schemaShape(db: Database) {
  const result = (await db.execute(
    sql`select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || contype::text as item
          from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n'
        union all
        select 'index ' || indexrelid::regclass::text from pg_index
          where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
        union all
        select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
          where not tgisinternal
        order by 1`,
  )) as unknown as { rows: { item: string }[] };
  return result.rows.map((row) => row.item);
}

/**
 * A community on the embedded default: Ada (a tagg, posts, a picture, Premium, a referral payout), Alice with an
 * authenticator app, Sam who looked by name, Hannah who looked anonymously (released) and Olive whose
 * anonymous look is still held, Mallory whom Ada blocked, and an administrator who removed one of Bea's posts
 * (an audit entry and a notice).
 */
async function fillCommunity(t: Tagit) {
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Lovelace" });
  await giveTagg(t, ada, "ada_l");
  const engine = await createPost(t, ada, "Analytical Engine");
  const notes = await createPost(t, ada, "Notes on the Engine", { scrambleImage: true });
  const avatar = (await uploadImage(t, ada.cookie, await png(40, 40))).json();
  await t.app.inject({
    method: "PUT",
    url: "/api/profile",
    headers: asMember(ada.cookie),
    payload: { profilePictureUrl: avatar.imageUrl, bio: "Poetical science" },
  });
  const card = { cardNumber: "4242 4242 4242 4242", ...CARD_EXPIRY, cvc: "123" };
  const { clientSecret } = (await post(t, ada, "/api/create-subscription")).json();
  expect((await post(t, ada, "/api/payments/test/confirm", { clientSecret, ...card })).statusCode).toBe(200);
  const { referralCode } = await getJson(t, ada.cookie, "/api/affiliate/dashboard");
  const rob = await registerMember(t, { firstName: "Rob", lastName: "Referred", referralCode });
  const robs = (await post(t, rob, "/api/create-subscription")).json();
  await post(t, rob, "/api/payments/test/confirm", { clientSecret: robs.clientSecret, ...card });
  const payoutDetails = { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "87654321" };
  const payout = await post(t, ada, "/api/affiliate/request-payout", {
    payoutMethod: "bank_transfer",
    payoutDetails,
  });
  expect(payout.statusCode).toBe(201);

  const alice = await registerMember(t, { firstName: "Alice", lastName: "Authenticated" });
  const authenticator = await enrolAuthenticatorApp(t, alice);

  const view = async (member: Member, postId: string, searchTerm: string) =>
    expect(
      (await post(t, member, "/api/track-search", { searchTerm, action: "view", postId })).statusCode,
    ).toBe(202);
  const sam = await registerMember(t, { firstName: "Sam", lastName: "Seeker" });
  await view(sam, engine.id, "Analytical Engine");
  const hannah = await registerMember(t, { firstName: "Hannah", lastName: "Hiddenwell" });
  await setPrivacyMode(t, hannah, "hide");
  await view(hannah, notes.id, "Notes on the Engine");
  await releaseAnonymousNow(t);
  const olive = await registerMember(t, { firstName: "Olive", lastName: "Onhold" });
  await setPrivacyMode(t, olive, "hide");
  await view(olive, engine.id, "Analytical Engine");
  const mallory = await registerMember(t, { firstName: "Mallory", lastName: "Blockedby" });
  expect((await post(t, ada, "/api/blocks", { memberId: mallory.user.id })).statusCode).toBe(201);

  const bea = await registerMember(t, { firstName: "Bea", lastName: "Poster" });
  await createPost(t, bea, "Difference Engine");
  const removed = await createPost(t, bea, "Removed Engine");
  const admin = await signInAsAdmin(t);
  const removal = await t.app.inject({
    method: "DELETE",
    url: `/api/admin/tagged-posts/${removed.id}`,
    headers: admin.headers,
    payload: (await aModerationReason(t, "Moved with the community")).body,
  });
  expect(removal.statusCode).toBe(200);
  await t.app.background.drain();
  return { ada, alice, authenticator, sam, bea, admin, payoutDetails, images: [engine, notes] };
}

type Community = Awaited<ReturnType<typeof fillCommunity>>;

/** What the members and the administrator see: each answer must be the same after a move. */
async function whatEveryoneSees(t: TestApp, { ada, bea, admin }: Community) {
  const seen: Record<string, unknown> = {};
  for (const url of [
    "/api/profile",
    "/api/tagged-posts",
    "/api/tagg-analytics",
    "/api/subscription/invoices",
    "/api/affiliate/dashboard",
    "/api/blocks",
    "/api/notices",
  ]) {
    seen[`ada ${url}`] = await getJson(t, ada.cookie, url);
  }
  seen["bea /api/notices"] = await getJson(t, bea.cookie, "/api/notices");
  const audit = await t.app.inject({ url: "/api/admin/audit-log", headers: admin.headers });
  seen["admin audit log"] = audit.json();
  const found = await t.app.inject({ url: "/api/public/tagged-posts?search=Analytical%20Engine" });
  seen.search = found.json();
  return seen;
}

/** The bytes of every file Ada's posts and picture show, fetched as Ada. */
async function imagesOf(t: TestApp, { ada }: Community) {
  const posts = (await getJson(t, ada.cookie, "/api/tagged-posts")) as {
    originalImage: string;
    scrambledImage: string;
  }[];
  const profile = await getJson(t, ada.cookie, "/api/profile");
  const addresses = [...posts.flatMap((p) => [p.originalImage, p.scrambledImage]), profile.profilePictureUrl];
  const bytes = new Map<string, Buffer>();
  for (const address of addresses) {
    const response = await t.app.inject({ url: address, headers: { cookie: ada.cookie } });
    expect(response.statusCode, address).toBe(200);
    bytes.set(address, response.rawPayload);
  }
  return bytes;
}

async function expectSecondFactorSignIn(t: TestApp, member: Member, code: string) {
  const first = await signIn(t, member);
  expect(first.json()).toMatchObject({ secondFactorRequired: true });
  expect((await secondStep(t, signInCookie(first), { code })).statusCode).toBe(200);
}

/** Members without a second factor sign in with their password (Alice and the administrator have one). */
async function expectPasswordSignIns(t: TestApp, { ada, sam, bea }: Community) {
  for (const member of [ada, sam, bea]) {
    const response = await signIn(t, member);
    expect(response.statusCode, member.input.email).toBe(200);
    expect(response.json(), member.input.email).toMatchObject({ user: { email: member.input.email } });
  }
}

async function expectPayoutOpens(t: TestApp, { admin, payoutDetails }: Community) {
  const payouts = await t.app.inject({ url: "/api/admin/affiliate/payouts", headers: admin.headers });
  const [payout] = payouts.json().payouts ?? payouts.json().items ?? payouts.json();
  const revealed = await t.app.inject({
    method: "POST",
    url: `/api/admin/affiliate/payouts/${payout.id}/reveal`,
    headers: admin.headers,
  });
  expect(revealed.statusCode, revealed.body).toBe(200);
  expect(JSON.stringify(revealed.json())).toContain(payoutDetails.accountNumber);
}

/** `tagit …` in this process (the embedded database it reads or fills is open nowhere else meanwhile). */
const tagit = async (args: string[], env: Record<string, string>) =>
  expect(await runCli(args, { env: { ...env, NODE_ENV: "production" }, write: () => {} })).toBe(0);

describe.skipIf(!ADMIN_URL)(
  "moving a community from the embedded default to PostgreSQL + S3, and back",
  () => {
    it("takes everything along: sign-ins (the second factor too), every image byte for byte, every count", async () => {
      const backups = await newDataDir();
      const embeddedEnv = {
        ...COMMON,
        DATA_DIR: await dataDirWithEmptyDatabase(await newDataDir()),
        BACKUP_DIR: backups,
      };
      const embedded = await startConfiguredApp(embeddedEnv);
      const community = await fillCommunity(embedded);
      const before = await whatEveryoneSees(embedded, community);
      const images = await imagesOf(embedded, community);
      const shape = await schemaShape(embedded.db);

      // The daily backup, taken while members keep registering and searching. It runs `tagit backup` in a
      // process of its own with the app's environment, which here is this test's.
      let serving = true;
      const traffic = (async () => {
        let requests = 0;
        while (serving) {
          await registerMember(embedded, { firstName: "Busy", lastName: `Member` });
          await embedded.app.inject({
            url: "/api/public/tagged-posts?search=Analytical%20Engine",
            remoteAddress: uniqueIp(),
          });
          requests += 1;
        }
        return requests;
      })();
      const savedEnv = { ...process.env };
      Object.assign(process.env, embeddedEnv, { NODE_ENV: "production" });
      const backup = await embedded.app.jobs.run("backup").finally(() => {
        process.env = savedEnv;
        serving = false;
      });
      expect(await traffic).toBeGreaterThan(0);
      const archive = path.join(backups, (backup as { archive: string }).archive);
      await embedded.close();

      const postgresEnv = {
        ...COMMON,
        ...s3Env(),
        DATA_DIR: await newDataDir(),
        DATABASE_URL: await freshPostgresDatabase(ADMIN_URL ?? "", "tagit_move"),
      };
      await tagit(["restore", archive], postgresEnv);
      const moved = await startConfiguredApp(postgresEnv);
      expect(await whatEveryoneSees(moved, community)).toEqual(before);
      expect(await schemaShape(moved.db)).toEqual(shape);
      const movedImages = await imagesOf(moved, community);
      expect([...movedImages.keys()]).toEqual([...images.keys()]);
      for (const [address, bytes] of images)
        expect(movedImages.get(address)?.equals(bytes), address).toBe(true);
      // The files are in the bucket, not on the disk.
      expect((await s3.objects()).length).toBeGreaterThanOrEqual(images.size);
      expect(await readdir(path.join(postgresEnv.DATA_DIR, "uploads")).catch(() => [])).toEqual([]);
      await expectPasswordSignIns(moved, community);
      await expectSecondFactorSignIn(moved, community.alice, await community.authenticator.nextCode());
      await expectPayoutOpens(moved, community);

      // And back, from PostgreSQL + S3 to the embedded default.
      const after = await whatEveryoneSees(moved, community);
      const movedCounts = await tableCounts(moved.db);
      const secondArchive = path.join(await newDataDir(), "tagit-back.tar");
      await tagit(["backup", secondArchive], postgresEnv);
      await moved.close();
      const backEnv = { ...COMMON, DATA_DIR: await dataDirWithEmptyDatabase(await newDataDir()) };
      await tagit(["restore", secondArchive], backEnv);
      const back = await startConfiguredApp(backEnv);
      expect(await tableCounts(back.db)).toEqual(movedCounts);
      expect(await schemaShape(back.db)).toEqual(shape);
      expect(await whatEveryoneSees(back, community)).toEqual(after);
      const backImages = await imagesOf(back, community);
      for (const [address, bytes] of images)
        expect(backImages.get(address)?.equals(bytes), address).toBe(true);
      await expectPasswordSignIns(back, community);
      await expectSecondFactorSignIn(back, community.alice, community.authenticator.recoveryCodes[0] ?? "");
      await expectPayoutOpens(back, community);
      await back.close();
    }, 240_000);
  },
);
