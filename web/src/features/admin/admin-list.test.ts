import { describe, expect, it } from "vitest";
import { adminListUrl, listCountLabel } from "./admin-list.ts";

describe("adminListUrl", () => {
  it("leaves out empty parameters and adds the cursor", () => {
    expect(adminListUrl("/api/admin/taggs", { search: "  ", action: undefined }, null)).toBe(
      "/api/admin/taggs",
    );
    expect(adminListUrl("/api/admin/taggs", { search: " ada & co " }, "abc")).toBe(
      "/api/admin/taggs?search=ada+%26+co&cursor=abc",
    );
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
