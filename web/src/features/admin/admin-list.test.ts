import { describe, expect, it } from "vitest";
import { adminListUrl, listCountLabel, sortingOf, sortOf } from "./admin-list.ts";

describe("adminListUrl", () => {
  it("leaves out empty parameters and adds the cursor", () => {
    expect(adminListUrl("/api/admin/taggs", { search: "  ", action: undefined }, null)).toBe(
      "/api/admin/taggs",
    );
    expect(adminListUrl("/api/admin/taggs", { search: " ada & co " }, "abc")).toBe(
      "/api/admin/taggs?search=ada+%26+co&cursor=abc",
    );
  });

  it("carries the server sort beside the search, and leaves it out for the list's own order", () => {
    expect(adminListUrl("/api/admin/profiles", { search: "bea", sort: "lastName", order: "asc" }, null)).toBe(
      "/api/admin/profiles?search=bea&sort=lastName&order=asc",
    );
    expect(adminListUrl("/api/admin/profiles", { search: "bea", ...sortOf([], ["lastName"]) }, null)).toBe(
      "/api/admin/profiles?search=bea",
    );
  });
});

describe("sortingOf and sortOf", () => {
  const columns = ["lastName", "email"] as const;

  it("turns a server sort into the table's sorting state and back", () => {
    expect(sortingOf({})).toEqual([]);
    expect(sortingOf({ sort: "lastName", order: "asc" })).toEqual([{ id: "lastName", desc: false }]);
    expect(sortingOf({ sort: "email", order: "desc" })).toEqual([{ id: "email", desc: true }]);
    expect(sortOf([{ id: "email", desc: true }], columns)).toEqual({ sort: "email", order: "desc" });
    expect(sortOf([{ id: "lastName", desc: false }], columns)).toEqual({ sort: "lastName", order: "asc" });
  });

  it("answers the list's own order when the header cycle clears the sort or names a column the server lacks", () => {
    expect(sortOf([], columns)).toEqual({});
    expect(sortOf([{ id: "ipAddress", desc: false }], columns)).toEqual({});
  });
});

describe("listCountLabel", () => {
  it("counts the whole filtered set, and says when only part of it is loaded", () => {
    const noun = { one: "tagg", many: "taggs" };
    expect(listCountLabel(1, 1, noun)).toBe("1 tagg");
    expect(listCountLabel(0, 0, noun)).toBe("0 taggs");
    expect(listCountLabel(50, 230, noun)).toBe("50 of 230 taggs");
    expect(listCountLabel(50, 1_000, noun, true)).toBe("50 of 1,000+ taggs");
  });
});
