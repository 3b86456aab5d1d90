import { describe, expect, it } from "vitest";
import { ANALYTICS_QUERY_KEY, isPostViewersQuery, postViewersUrl } from "./query-keys.ts";

describe("isPostViewersQuery", () => {
  it("matches every post's who-viewed query and nothing else", () => {
    expect(isPostViewersQuery({ queryKey: [postViewersUrl("a b/c")] })).toBe(true);
    expect(isPostViewersQuery({ queryKey: ["/api/posts/123/viewers"] })).toBe(true);
    expect(isPostViewersQuery({ queryKey: ANALYTICS_QUERY_KEY })).toBe(false);
    expect(isPostViewersQuery({ queryKey: ["/api/user-info/123"] })).toBe(false);
    expect(isPostViewersQuery({ queryKey: [42] })).toBe(false);
  });
});
