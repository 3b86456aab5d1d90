import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { fromBufferPromise } from "yauzl";
import { DATA_EXPORT_MESSAGES } from "#contract/api/data-export.ts";
import { MESSAGES } from "#contract/errors.ts";
import { moderationAppeals, moderationDecisions, searchAnalytics } from "#server/db/schema/index.ts";
import { CARD_EXPIRY } from "#server/test/billing.ts";
import {
  asMember,
  createPost,
  giveTagg,
  registerMember,
  releaseAnonymousNow,
  setPrivacyMode,
} from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const CARD = { cardNumber: "4242 4242 4242 4242", ...CARD_EXPIRY, cvc: "123" };
const HOUR_MS = 60 * 60_000;
const JSON_FILES = [
  "affiliate.json",
  "analytics.json",
  "blocks.json",
  "invoices.json",
  "moderation-decisions.json",
  "posts.json",
  "profile.json",
  "search-history.json",
  "sessions.json",
  "sign-in-places.json",
];

const get = (t: TestApp, member: Member, url: string) =>
  t.app.inject({ url, headers: { cookie: member.cookie } });
const getJson = async (t: TestApp, member: Member, url: string) => (await get(t, member, url)).json();
const post = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

/** Every file of a zip by name, its bytes uncompressed; and how each was stored (0: as is, 8: deflated). */
async function unzip(data: Buffer) {
  const zip = await fromBufferPromise(data, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  const methods = new Map<string, number>();
  for await (const entry of zip.eachEntry()) {
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
    methods.set(entry.fileName, entry.compressionMethod);
  }
  return { files, methods };
}

/** The export as a browser asks for it (offering compression, which a zip of JPEGs and PNGs is not given). */
const exportOf = (t: TestApp, member: Member, query = "") =>
  t.app.inject({
    url: `/api/profile/export${query}`,
    headers: { cookie: member.cookie, "accept-encoding": "br, gzip" },
  });

const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)?.toString() ?? "null");

/** The member's stored original for an address `/uploads/<name>`. */
const storedFile = (t: TestApp, address: string) =>
  readFile(path.join(t.dataDir, "uploads", address.replace("/uploads/", "")));

/**
 * Ada, with two posts, a picture, links, Premium and a referral with its payout; seen by name (Sam), by a
 * member in hide mode (Hannah, anonymous) and by Mallory, whom she then blocks; she searched Bea's post. Eve
 * shares nothing with her.
 */
async function adaAndTheOthers() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Lovelace" });
  await giveTagg(t, ada, "ada_l");
  const engine = await createPost(t, ada, "Analytical Engine");
  const notes = await createPost(t, ada, "Notes on the Engine");
  // A moderation decision about Ada, which she appealed; one about Eve, which is not hers to take along.
  const decidedAt = clock.now();
  const decision = { kind: "post_hidden" as const, reasonLabel: "Spam or scam", automatic: true, decidedAt };
  const [adas] = await t.db
    .insert(moderationDecisions)
    .values({ ...decision, userId: ada.user.id, postName: "Notes on the Engine", appealableUntil: decidedAt })
    .returning();
  await t.db
    .insert(moderationAppeals)
    .values({ decisionId: adas?.id ?? "", text: "Not spam", createdAt: decidedAt });
  const avatar = (await uploadImage(t, ada.cookie, await png(40, 40))).json();
  await t.app.inject({
    method: "PUT",
    url: "/api/profile",
    headers: asMember(ada.cookie),
    payload: { profilePictureUrl: avatar.imageUrl, bio: "Poetical science" },
  });
  await post(t, ada, "/api/me/social-links", {
    platforms: { website: "https://ada.example.com" },
    shortcuts: [],
  });

  const view = async (member: Member, postId: string, searchTerm: string) => {
    clock.advance(60_000);
    const res = await post(t, member, "/api/track-search", { searchTerm, action: "view", postId });
    expect(res.statusCode).toBe(202);
  };
  const sam = await registerMember(t, { firstName: "Sam", lastName: "Seeker" });
  await view(sam, engine.id, "Analytical Engine");
  const hannah = await registerMember(t, { firstName: "Hannah", lastName: "Hiddenwell" });
  await setPrivacyMode(t, hannah, "hide");
  await view(hannah, notes.id, "Notes on the Engine");
  await releaseAnonymousNow(t);
  const mallory = await registerMember(t, { firstName: "Mallory", lastName: "Blockedby" });
  await view(mallory, engine.id, "Analytical Engine");
  expect((await post(t, ada, "/api/blocks", { memberId: mallory.user.id })).statusCode).toBe(201);

  const bea = await registerMember(t, { firstName: "Bea", lastName: "Poster" });
  const beasPost = await createPost(t, bea, "Difference Engine");
  await view(ada, beasPost.id, "Difference Engine");

  const { clientSecret } = (await post(t, ada, "/api/create-subscription")).json();
  expect((await post(t, ada, "/api/payments/test/confirm", { clientSecret, ...CARD })).statusCode).toBe(200);
  const { referralCode } = await getJson(t, ada, "/api/affiliate/dashboard");
  const rob = await registerMember(t, { firstName: "Rob", lastName: "Referred", referralCode });
  const robs = (await post(t, rob, "/api/create-subscription")).json();
  await post(t, rob, "/api/payments/test/confirm", { clientSecret: robs.clientSecret, ...CARD });
  const payout = await post(t, ada, "/api/affiliate/request-payout", {
    payoutMethod: "bank_transfer",
    payoutDetails: { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "87654321" },
  });
  expect(payout.statusCode).toBe(201);

  const eve = await registerMember(t, { firstName: "Evelyn", lastName: "Outsidera" });
  await giveTagg(t, eve, "eve_outside");
  const evesPost = await createPost(t, eve, "Eves Private Garden");
  await t.db.insert(moderationDecisions).values({
    ...decision,
    userId: eve.user.id,
    postName: "Eves Private Garden",
    appealableUntil: decidedAt,
  });
  await view(eve, beasPost.id, "Difference Engine");
  return { t, clock, ada, hannah, mallory, eve, evesPost, avatar };
}

describe("GET /api/profile/export", () => {
  it("streams a zip of exactly the named files, each JSON as its API answers it and the originals byte for byte", async () => {
    const { t, ada, hannah, mallory, eve, evesPost, avatar } = await adaAndTheOthers();
    // Asking for another member's data in the query changes nothing.
    const res = await exportOf(t, ada, `?userId=${eve.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="tagit-data-2026-01-15.zip"');
    expect(res.headers["content-encoding"]).toBeUndefined();
    const { files, methods } = await unzip(res.rawPayload);

    const posts = await getJson(t, ada, "/api/tagged-posts");
    const profile = await getJson(t, ada, "/api/profile");
    const originals = [...posts.map((p: { originalImage: string }) => p.originalImage), avatar.imageUrl];
    const images = originals.map((address: string) => address.replace("/uploads/", "images/"));
    expect([...files.keys()].sort()).toEqual(["README.txt", ...JSON_FILES, ...images].sort());

    expect(json(files, "profile.json")).toEqual({
      profile,
      socialLinks: await getJson(t, ada, "/api/me/social-links"),
      passkeys: await getJson(t, ada, "/api/auth/passkeys"),
    });
    expect(profile.id).toBe(ada.user.id);
    expect(json(files, "posts.json")).toEqual(posts);
    expect(json(files, "search-history.json")).toEqual(await getJson(t, ada, "/api/user-search-history"));
    const analytics = await getJson(t, ada, "/api/tagg-analytics");
    expect(json(files, "analytics.json")).toEqual(analytics);
    expect(json(files, "invoices.json")).toEqual(await getJson(t, ada, "/api/subscription/invoices"));
    expect(json(files, "affiliate.json")).toEqual(await getJson(t, ada, "/api/affiliate/dashboard"));
    expect(json(files, "blocks.json")).toEqual(await getJson(t, ada, "/api/blocks"));
    const decisions = await getJson(t, ada, "/api/moderation-decisions");
    expect(json(files, "moderation-decisions.json")).toEqual(decisions);
    expect(decisions).toEqual([
      expect.objectContaining({
        subject: { postName: "Notes on the Engine" },
        appeal: expect.objectContaining({ text: "Not spam" }),
      }),
    ]);
    expect(json(files, "sessions.json")).toEqual(await getJson(t, ada, "/api/auth/sessions"));
    // The registration's sign-in: its browser family, never a network or an address.
    expect(json(files, "sign-in-places.json")).toEqual([
      { browser: "Unknown", lastSignInAt: expect.any(String) },
    ]);

    // What the lists hold: the named visitor, the anonymous one as anonymous, not the blocked one.
    expect(analytics.map((e: { visitorName: string }) => e.visitorName).sort()).toEqual([
      "Anonymous User",
      "Sam Seeker",
    ]);
    expect(json(files, "invoices.json")).toHaveLength(1);
    expect(json(files, "affiliate.json").payouts).toHaveLength(1);
    expect(json(files, "search-history.json")).toHaveLength(1);

    for (const [i, address] of originals.entries()) {
      const name = images[i] as string;
      expect(files.get(name)?.equals(await storedFile(t, address))).toBe(true);
      expect(methods.get(name)).toBe(0); // stored as is, not deflated again
    }
    const readme = files.get("README.txt")?.toString() ?? "";
    for (const name of [...JSON_FILES, "images/"]) expect(readme).toContain(name);
    expect(readme).toContain("(3 files)");

    // Nobody else's data anywhere: not Eve's (she shares nothing with Ada), not who Hannah is (she was
    // anonymous), not Mallory in the analytics (blocked), nor the payout's full account number.
    const everything = [res.rawPayload, ...files.values()].map((b) => b.toString("latin1")).join("\n");
    for (const secret of [
      eve.user.id,
      eve.input.email,
      "Evelyn",
      "Outsidera",
      "eve_outside",
      evesPost.postName,
      evesPost.originalImage.replace("/uploads/", ""),
      hannah.user.id,
      hannah.input.email,
      "Hannah",
      "Hiddenwell",
      "87654321",
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(files.get("analytics.json")?.toString()).not.toContain(mallory.user.id);
    // (and the search would have found what is Ada's)
    for (const own of [ada.input.email, "Poetical science", "Sam Seeker", avatar.imageUrl.slice(9)]) {
      expect(everything).toContain(own);
    }
  });

  it("exports the whole history and analytics, past the 500 newest their lists show, newest first", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const sam = await registerMember(t, { firstName: "Sam", lastName: "Seeker" });
    const bea = await registerMember(t, { firstName: "Bea", lastName: "Poster" });
    const start = Date.parse("2026-01-01T00:00:00Z");
    const event = (targetUserId: string, visitorId: string, visitorName: string, at: number) => ({
      targetUserId,
      visitorId,
      visitorName,
      action: "search" as const,
      searchTerm: "engine",
      createdAt: new Date(at),
      listedAt: new Date(at),
    });
    // Ada's analytics: three events a second, so pages end inside a second (ties broken by id, as the list does).
    await t.db
      .insert(searchAnalytics)
      .values(
        Array.from({ length: 1_100 }, (_, i) =>
          event(ada.user.id, sam.user.id, "Sam Seeker", start + Math.floor(i / 3) * 1_000),
        ),
      );
    // Ada's history: one search a second.
    await t.db
      .insert(searchAnalytics)
      .values(
        Array.from({ length: 1_050 }, (_, i) =>
          event(bea.user.id, ada.user.id, "Ada Lovelace", start + i * 1_000),
        ),
      );

    const { files } = await unzip((await exportOf(t, ada)).rawPayload);
    const analytics = json(files, "analytics.json") as { id: string }[];
    const history = json(files, "search-history.json") as { id: string }[];
    expect(analytics).toHaveLength(1_100);
    expect(new Set(analytics.map((e) => e.id)).size).toBe(1_100);
    expect(analytics.slice(0, 500)).toEqual(await getJson(t, ada, "/api/tagg-analytics"));
    expect(history).toHaveLength(1_050);
    expect(new Set(history.map((e) => e.id)).size).toBe(1_050);
    expect(history.slice(0, 500)).toEqual(await getJson(t, ada, "/api/user-search-history"));
  });

  it("answers 401 without a session", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/profile/export" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
  });

  it("begins one export an hour: 429 with Retry-After until then, HEAD asks without spending it", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    const head = () =>
      t.app.inject({ method: "HEAD", url: "/api/profile/export", headers: { cookie: ada.cookie } });

    const asked = await head();
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["content-disposition"]).toBe('attachment; filename="tagit-data-2026-01-15.zip"');
    expect(asked.body).toBe("");
    expect((await exportOf(t, ada)).statusCode).toBe(200);

    clock.advance(10 * 60_000);
    const again = await exportOf(t, ada);
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("3000");
    expect(again.json()).toEqual({ error: DATA_EXPORT_MESSAGES.tooSoon, code: "rate_limited" });
    const headTooSoon = await head();
    expect(headTooSoon.statusCode).toBe(429);
    expect(headTooSoon.headers["retry-after"]).toBe("3000");

    // Another member's hour is their own.
    expect((await exportOf(t, await registerMember(t))).statusCode).toBe(200);

    clock.advance(HOUR_MS - 10 * 60_000 - 1_000);
    expect((await exportOf(t, ada)).headers["retry-after"]).toBe("1");
    clock.advance(1_000);
    const nextHour = await exportOf(t, ada);
    expect(nextHour.statusCode).toBe(200);
    expect((await unzip(nextHour.rawPayload)).files.has("profile.json")).toBe(true);
  });

  it("is not begun by another site: a link or an image there answers 403 and spends nothing", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    for (const site of ["cross-site", "same-site"]) {
      for (const method of ["GET", "HEAD"] as const) {
        const sent = await t.app.inject({
          method,
          url: "/api/profile/export",
          headers: { cookie: ada.cookie, "sec-fetch-site": site, "sec-fetch-dest": "document" },
        });
        expect(sent.statusCode, `${method} ${site}`).toBe(403);
        if (method === "GET")
          expect(sent.json()).toEqual({ error: MESSAGES.forbiddenOrigin, code: "forbidden_origin" });
      }
    }
    // The member's own click (same-origin) or a typed address (none) still begins it: the hour was not spent.
    const own = await t.app.inject({
      url: "/api/profile/export",
      headers: { cookie: ada.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(own.statusCode).toBe(200);
    const bob = await registerMember(t);
    const typed = await t.app.inject({
      url: "/api/profile/export",
      headers: { cookie: bob.cookie, "sec-fetch-site": "none" },
    });
    expect(typed.statusCode).toBe(200);
  });

  it("leaves out an original that is gone from storage and says so in README.txt", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const kept = await createPost(t, ada, "Kept Image");
    const lost = await createPost(t, ada, "Lost Image");
    const lostName = lost.originalImage.replace("/uploads/", "");
    await rm(path.join(t.dataDir, "uploads", lostName));

    const res = await exportOf(t, ada);
    expect(res.statusCode).toBe(200);
    const { files } = await unzip(res.rawPayload);
    expect(files.has(kept.originalImage.replace("/uploads/", "images/"))).toBe(true);
    expect(files.has(`images/${lostName}`)).toBe(false);
    expect(json(files, "posts.json")).toHaveLength(2);
    const readme = files.get("README.txt")?.toString() ?? "";
    expect(readme).toContain("(1 file)");
    expect(readme).toContain(`not in images/: ${lostName}`);
  });
});
