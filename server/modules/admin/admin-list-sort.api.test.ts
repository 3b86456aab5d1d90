import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postReports, taggedPosts } from "#server/db/schema/index.ts";
import {
  createPost,
  giveTagg,
  registerMember,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
type Page<T> = { items: T[]; total: number; nextCursor: string | null };

const get = (t: TestApp, admin: Admin, url: string) => t.app.inject({ url, headers: admin.headers });

/** Every page of a list, `limit` rows at a time, following the cursors. */
async function walk<T>(t: TestApp, admin: Admin, resource: string, query: string, limit: number) {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const res = await get(t, admin, `/api/admin/${resource}?${query}&limit=${limit}${after}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<T>;
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { items, pages };
}

type TaggItem = { id: string; tagg: string; firstName: string; lastName: string; createdAt: string };

/**
 * Twelve taggs whose last names tie in threes and whose creation times tie in pairs, so the order past the sort
 * key rests on (created_at, id).
 */
async function seedTaggs(t: TestApp) {
  await t.db.execute(sql`
    insert into taggs (tagg, first_name, last_name, email, created_at)
    select 'sort_' || i,
      'Given',
      (array['Adams', 'Baker', 'Clark', 'Dixon'])[1 + i % 4],
      'sort' || i || '@example.com',
      timestamptz '2026-01-01 00:00:00Z' + ((i / 2) * interval '1 minute')
    from generate_series(0, 11) i`);
}

/** The order the server promises: the sort key, then the creation time, then the id, all in one direction. */
const byLastName = (order: "asc" | "desc") => (a: TaggItem, b: TaggItem) => {
  const sign = order === "asc" ? 1 : -1;
  const keys = (x: TaggItem) => [x.lastName, x.firstName, x.createdAt, x.id] as const;
  const [ka, kb] = [keys(a), keys(b)];
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return ((ka[i] as string) < (kb[i] as string) ? -1 : 1) * sign;
  }
  return 0;
};

describe("admin lists sorted on the server", () => {
  it("sorts taggs by last name across the whole list, either way, page after page through the ties", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await seedTaggs(t);
    const all = (await walk<TaggItem>(t, admin, "taggs", "", 100)).items.filter((item) =>
      item.tagg.startsWith("sort_"),
    );
    expect(all).toHaveLength(12);

    for (const order of ["asc", "desc"] as const) {
      const { items, pages } = await walk<TaggItem>(
        t,
        admin,
        "taggs",
        `search=sort_&sort=lastName&order=${order}`,
        5,
      );
      expect(pages).toBe(3);
      expect(items.map((item) => item.tagg)).toEqual(
        [...all].sort(byLastName(order)).map((item) => item.tagg),
      );
    }
    // Without a sort the list stays newest first; `order=asc` alone turns it around.
    const oldest = (await walk<TaggItem>(t, admin, "taggs", "search=sort_&order=asc", 5)).items;
    expect(oldest.map((item) => item.tagg).slice(0, 2)).toEqual(
      [...all]
        .sort((a, b) =>
          a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
        )
        .slice(0, 2)
        .map((item) => item.tagg),
    );
  });

  it("pages a sort without a search too (its prepared statements), and refuses a cursor of another sort", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await seedTaggs(t);
    const asc = await walk<TaggItem>(t, admin, "taggs", "sort=email&order=asc", 4);
    const desc = await walk<TaggItem>(t, admin, "taggs", "sort=email&order=desc", 4);
    expect(asc.items).toHaveLength(12);
    expect(new Set(asc.items.map((item) => item.id)).size).toBe(12);
    expect(desc.items.map((item) => item.id)).toEqual(asc.items.map((item) => item.id).reverse());

    const first = (await get(t, admin, "/api/admin/taggs?sort=lastName&limit=2")).json() as Page<TaggItem>;
    const cursor = encodeURIComponent(first.nextCursor ?? "");
    for (const other of ["sort=email", "sort=lastName&order=asc", ""]) {
      const res = await get(t, admin, `/api/admin/taggs?${other}&limit=2&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", error: "Invalid cursor" });
    }
    expect((await get(t, admin, `/api/admin/taggs?sort=lastName&limit=2&cursor=${cursor}`)).statusCode).toBe(
      200,
    );
    // A forged cursor whose sort value is not of the key's type is refused, not handed to the database.
    const forged = Buffer.from(
      JSON.stringify({
        s: "countedReports",
        o: "desc",
        v: ["many"],
        at: "2026-01-15T12:00:00.000000Z",
        id: "00000000-0000-4000-8000-000000000000",
      }),
    ).toString("base64url");
    const refused = await get(t, admin, `/api/admin/reported-posts?sort=countedReports&cursor=${forged}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation", error: "Invalid cursor" });
  });

  it("refuses an unknown sort column or direction with 400 validation, on every list", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const resource of ["taggs", "profiles", "tagged-posts", "costs", "reported-posts", "audit-log"]) {
      const unknown = await get(t, admin, `/api/admin/${resource}?sort=password`);
      expect(unknown.statusCode, resource).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: "validation",
        error: expect.stringMatching(/^Sort by one of: /),
        fields: { sort: expect.any(String) },
      });
      expect((await get(t, admin, `/api/admin/${resource}?order=sideways`)).statusCode, resource).toBe(400);
    }
  });

  it("sorts every list by its columns (profiles, posts, costs, audit log)", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const zed = await registerMember(t, { firstName: "Zed", lastName: "Able", email: "zed@example.com" });
    const amy = await registerMember(t, { firstName: "Amy", lastName: "Zane", email: "amy@example.com" });
    await createPost(t, zed, "Banana");
    await createPost(t, amy, "Apple");
    await t.db.execute(sql`
      insert into costs (service, description, amount_minor, category)
      values ('Hosting', 'VPS', 500, 'Infra'), ('Mail', 'SMTP', 100, 'Infra'), ('CDN', 'Edge', 900, 'Infra')`);

    const names = async (url: string, pick: (item: Record<string, unknown>) => unknown) =>
      ((await get(t, admin, url)).json() as Page<Record<string, unknown>>).items.map(pick);
    const people = (item: Record<string, unknown>) => item.firstName;
    expect(await names("/api/admin/profiles?search=example.com&sort=lastName&order=asc", people)).toEqual([
      "Zed",
      "Ada",
      "Amy",
    ]);
    expect(await names("/api/admin/profiles?search=example.com&sort=displayName&order=asc", people)).toEqual([
      "Ada",
      "Amy",
      "Zed",
    ]);
    expect(await names("/api/admin/tagged-posts?sort=postName&order=asc", (item) => item.postName)).toEqual([
      "Apple",
      "Banana",
    ]);
    expect(await names("/api/admin/costs?sort=amount&order=desc", (item) => item.service)).toEqual([
      "CDN",
      "Hosting",
      "Mail",
    ]);
    const actions = await names("/api/admin/audit-log?sort=action&order=asc", (item) => item.action);
    expect(actions).toEqual([...actions].sort());
  });
});

describe("admin search as the tables show things", () => {
  it('finds a member by full name ("Bea Poster"), by tagg with or without "@", and by e-mail, in any case', async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const bea = await registerMember(t, { firstName: "Bea", lastName: "Poster", email: "bea.p@example.com" });
    const other = await registerMember(t, { firstName: "Beatrix", lastName: "Other" });
    await giveTagg(t, bea, "bea");
    await giveTagg(t, other, "trix");
    const post = await createPost(t, bea, "Sunset");

    const ids = async (resource: string, search: string) =>
      (
        (await get(t, admin, `/api/admin/${resource}?search=${encodeURIComponent(search)}`)).json() as Page<{
          id: string;
          tagg?: string;
        }>
      ).items.map((item) => item.tagg ?? item.id);
    for (const search of ["Bea Poster", "bea poster", "@bea", "@BEA", "BEA.P@EXAMPLE.COM"]) {
      expect(await ids("profiles", search), search).toEqual(["bea"]);
      expect(await ids("taggs", search), search).toEqual(["bea"]);
    }
    expect(await ids("profiles", "@trix")).toEqual(["trix"]);
    expect((await ids("profiles", "bea")).sort()).toEqual(["bea", "trix"]);
    expect(await ids("profiles", "Poster Bea")).toEqual([]);
    expect(await ids("tagged-posts", "@bea")).toEqual([post.id]);
    expect(await ids("tagged-posts", "@trix")).toEqual([]);
  });
});

describe("the report queue's triage order", () => {
  it("lists posts hidden pending review first, then by counted reports, then the most recently reported", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const owner = await registerMember(t, { firstName: "Olive", lastName: "Owner" });
    await giveTagg(t, owner, "olive");
    const reporters = await Promise.all([1, 2, 3].map(() => registerMember(t)));
    const [twoCounted, hidden, oneCounted, uncounted] = [
      await createPost(t, owner, "Two Counted"),
      await createPost(t, owner, "Hidden"),
      await createPost(t, owner, "One Counted"),
      await createPost(t, owner, "Uncounted"),
    ];
    const reports: [string, number, boolean][] = [
      [twoCounted.id, 0, true],
      [twoCounted.id, 1, true],
      [hidden.id, 0, false],
      [oneCounted.id, 0, true],
      [uncounted.id, 0, false],
      [uncounted.id, 1, false],
      [uncounted.id, 2, false],
    ];
    let minute = 0;
    for (const [postId, reporter, counted] of reports) {
      minute += 1;
      await t.db.insert(postReports).values({
        postId,
        reporterId: (reporters[reporter] as { user: { id: string } }).user.id,
        reason: null,
        counted,
        createdAt: new Date(Date.UTC(2026, 0, 15, 12, minute)),
      });
    }
    await t.db.update(taggedPosts).set({ heldForReview: true }).where(eq(taggedPosts.id, hidden.id));

    const queue = async (query: string) =>
      (await walk<{ postName: string; isVisible: boolean }>(t, admin, "reported-posts", query, 1)).items;
    const triage = await queue("");
    expect(triage.map((item) => [item.postName, item.isVisible])).toEqual([
      ["Hidden", false],
      ["Two Counted", true],
      ["One Counted", true],
      ["Uncounted", true],
    ]);
    expect((await queue("sort=countedReports&order=asc")).map((item) => item.postName)).toEqual([
      "Hidden",
      "Uncounted",
      "One Counted",
      "Two Counted",
    ]);
    expect((await queue("sort=lastReportedAt")).map((item) => item.postName)).toEqual([
      "Uncounted",
      "One Counted",
      "Hidden",
      "Two Counted",
    ]);
    expect((await queue("search=olive%20owner")).map((item) => item.postName)).toHaveLength(4);
    expect((await queue("search=%40olive&sort=postName&order=asc")).map((item) => item.postName)).toEqual([
      "Hidden",
      "One Counted",
      "Two Counted",
      "Uncounted",
    ]);
  });
});
