import { describe, expectTypeOf, it } from "vitest";
import type { AdminTagg } from "#contract/api/admin-taggs.ts";
import type { TaggedPost } from "#contract/api/posts.ts";
import type { Profile } from "#contract/api/profile.ts";
import type { PublicPost } from "#contract/api/search.ts";
import { apiRequest } from "./api-request.ts";

// Checked by `npm run typecheck`, never run. `adminRequest` passes the same types through.
declare const id: string;

describe("the answer's type follows the method and the address", () => {
  it("names the route exactly, by its template, or with a query string", () => {
    expectTypeOf(apiRequest("GET", "/api/profile")).resolves.toEqualTypeOf<Profile>();
    expectTypeOf(
      apiRequest("PATCH", `/api/tagged-posts/${encodeURIComponent(id)}`),
    ).resolves.toEqualTypeOf<TaggedPost>();
    expectTypeOf(apiRequest("DELETE", "/api/auth/passkeys/abc")).resolves.toEqualTypeOf<null>();
    expectTypeOf(apiRequest("PUT", `/api/admin/tagg/${id}`)).resolves.toEqualTypeOf<AdminTagg>();
    expectTypeOf(apiRequest("GET", `/api/public/tagged-posts?search=${id}`)).resolves.toEqualTypeOf<
      PublicPost[]
    >();
  });

  it("prefers the route named exactly to a template that also fits, and counts segments", () => {
    expectTypeOf(apiRequest("GET", "/api/admin/costs/total")).resolves.toHaveProperty("totals");
    expectTypeOf(apiRequest("POST", `/api/admin/affiliate/payouts/${id}/reveal`)).resolves.toEqualTypeOf<{
      payoutDetails: Record<string, string>;
    }>();
  });

  it("refuses a wrong type, a type named by hand, and an address the map does not hold", async () => {
    // @ts-expect-error GET /api/profile answers a Profile, not a tagged post
    const post: TaggedPost = await apiRequest("GET", "/api/profile");
    // @ts-expect-error the type comes from the address; a caller cannot name it
    await apiRequest<Profile>("GET", "/api/profile");
    // @ts-expect-error no such route
    await apiRequest("GET", "/api/no-such-route");
    // @ts-expect-error the route exists, not for this method
    await apiRequest("PUT", "/api/tagged-posts");
    return post;
  });
});
