// The requests bench/admin.ts measures: each a list's page, search, sort or filter on the bench data set, with
// what it finds there.
import { AUDIT_ACTOR_MEMBERS, AUDIT_ROWS } from "./admin-audit-data.ts";
import { md5Uuid } from "./servers.ts";

const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

export type Scenario = { name: string; list: string; path: () => string; note: string };

/** Cursors deep into the lists (as paginate encodes them), for the later pages. */
export type ScenarioData = {
  members: number;
  posts: number;
  /** Into the posts list, newest first. */
  cursors: string[];
  /** Into the profiles sorted by last name, ascending. */
  byLastNameCursors: string[];
  /** Into the posts sorted by name, descending. */
  byNameCursors: string[];
};

export function adminListScenarios({
  members: m,
  posts,
  cursors,
  byLastNameCursors,
  byNameCursors,
}: ScenarioData): Scenario[] {
  return [
    {
      name: "taggs search, few",
      list: "/api/admin/taggs",
      note: "tagg member_<4 digits>: 11 rows",
      path: () => query("/api/admin/taggs", { search: `member_${random(1000, 9999)}` }),
    },
    {
      name: "taggs search, many",
      list: "/api/admin/taggs",
      note: "first name First<digit>: 11,111 rows",
      path: () => query("/api/admin/taggs", { search: `first${random(1, 9)}` }),
    },
    {
      name: "taggs first page",
      list: "/api/admin/taggs",
      note: "no search",
      path: () => "/api/admin/taggs",
    },
    {
      name: "profiles search, email",
      list: "/api/admin/profiles",
      note: "e-mail member<5 digits>@: 1 row",
      path: () => query("/api/admin/profiles", { search: `member${random(10000, Math.max(10000, m))}@` }),
    },
    {
      name: "profiles search, bio",
      list: "/api/admin/profiles",
      note: "bio city <3 digits>,: ~67 rows",
      path: () => query("/api/admin/profiles", { search: `city ${random(100, 996)},` }),
    },
    {
      name: "profiles by last name",
      list: "/api/admin/profiles",
      note: "sort=lastName&order=asc, first page",
      path: () => query("/api/admin/profiles", { sort: "lastName", order: "asc" }),
    },
    {
      name: "profiles by last name, later",
      list: "/api/admin/profiles",
      note: "sort=lastName&order=asc, cursor at a random depth",
      path: () =>
        query("/api/admin/profiles", { sort: "lastName", order: "asc", cursor: pick(byLastNameCursors) }),
    },
    {
      name: "profiles by e-mail, desc",
      list: "/api/admin/profiles",
      note: "sort=email&order=desc, first page",
      path: () => query("/api/admin/profiles", { sort: "email", order: "desc" }),
    },
    {
      name: "profiles search, full name",
      list: "/api/admin/profiles",
      note: "First<i> Last<i>: 1 row",
      path: () => {
        const i = random(10000, Math.max(10000, m));
        return query("/api/admin/profiles", { search: `First${i} Last${i}` });
      },
    },
    {
      name: "taggs search, @tagg",
      list: "/api/admin/taggs",
      note: "@member_<5 digits>: 1-11 rows",
      path: () => query("/api/admin/taggs", { search: `@member_${random(10000, Math.max(10000, m))}` }),
    },
    {
      name: "posts first page",
      list: "/api/admin/tagged-posts",
      note: "no search",
      path: () => "/api/admin/tagged-posts",
    },
    {
      name: "posts later page",
      list: "/api/admin/tagged-posts",
      note: "cursor at a random depth",
      path: () => query("/api/admin/tagged-posts", { cursor: pick(cursors) }),
    },
    {
      name: "posts by name, later",
      list: "/api/admin/tagged-posts",
      note: "sort=postName&order=desc, cursor at a random depth",
      path: () =>
        query("/api/admin/tagged-posts", { sort: "postName", order: "desc", cursor: pick(byNameCursors) }),
    },
    {
      name: "posts search, tagg",
      list: "/api/admin/tagged-posts",
      note: "owner tagg member_<5 digits>: ~10 rows",
      path: () =>
        query("/api/admin/tagged-posts", { search: `member_${random(10001, Math.max(10001, m - 1))}` }),
    },
    {
      name: "posts search, name",
      list: "/api/admin/tagged-posts",
      note: "post name bench post <6 digits>: 1 row",
      path: () =>
        query("/api/admin/tagged-posts", {
          search: `bench post ${random(100000, Math.max(100000, posts))}`,
        }),
    },
    {
      name: "audit first page",
      list: "/api/admin/audit-log",
      note: "1M entries, newest first",
      path: () => "/api/admin/audit-log",
    },
    {
      name: "audit by action",
      list: "/api/admin/audit-log",
      note: "action=payout.reveal: ~43k entries",
      path: () => query("/api/admin/audit-log", { action: "payout.reveal" }),
    },
    {
      name: "audit by actor",
      list: "/api/admin/audit-log",
      note: "actorId of one of 20 administrators: 50k entries",
      path: () => query("/api/admin/audit-log", { actorId: md5Uuid(`member${pick(AUDIT_ACTOR_MEMBERS)}`) }),
    },
    {
      name: "audit search, actor name",
      list: "/api/admin/audit-log",
      note: "First<k> Last<k>: 50k entries",
      path: () => {
        const k = pick(AUDIT_ACTOR_MEMBERS);
        return query("/api/admin/audit-log", { search: `First${k} Last${k}` });
      },
    },
    {
      name: "audit search, target id",
      list: "/api/admin/audit-log",
      note: "a target's uuid: 1 entry",
      path: () => query("/api/admin/audit-log", { search: md5Uuid(`audit-target${random(1, AUDIT_ROWS)}`) }),
    },
    {
      name: "audit facets",
      list: "/api/admin/audit-log/facets",
      note: "20 actors, 23 actions",
      path: () => "/api/admin/audit-log/facets",
    },
  ];
}
