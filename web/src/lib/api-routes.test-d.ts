import { type QueryClient, useQuery } from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import type { AdminTagg } from "#contract/api/admin-taggs.ts";
import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import type { Block } from "#contract/api/blocks.ts";
import type { Receipt } from "#contract/api/payments.ts";
import type { TaggedPost } from "#contract/api/posts.ts";
import type { Profile } from "#contract/api/profile.ts";
import type { PublicPost } from "#contract/api/search.ts";
import type { Passkey } from "#contract/api/second-factor.ts";
import { type PublishedTerms, publishedTerms } from "#contract/api/terms.ts";
import { apiQuery } from "./api-query.ts";
import { apiConditionalGet, apiRequest, type ConditionalGetResult } from "./api-request.ts";

// Checked by `npm run typecheck`, never run. `adminRequest` passes the same types through.
declare const id: string;
declare const queryClient: QueryClient;
declare const posts: TaggedPost[];
const usePublishedTerms = () => useQuery({ ...apiQuery("/api/terms"), staleTime: 0, select: publishedTerms });

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

describe("a query's data follows its address too", () => {
  it("types the data, the key it is cached under, and what a select makes of it", () => {
    expectTypeOf(queryClient.fetchQuery(apiQuery("/api/auth/passkeys"))).resolves.toEqualTypeOf<Passkey[]>();
    expectTypeOf(
      queryClient.getQueryData(apiQuery(`/api/subscription/invoices/${encodeURIComponent(id)}`).queryKey),
    ).toEqualTypeOf<Receipt | undefined>();
    expectTypeOf(apiQuery("/api/blocks").queryKey[0]).toEqualTypeOf<"/api/blocks">();
    expectTypeOf(queryClient.getQueryData(apiQuery("/api/blocks").queryKey)).toEqualTypeOf<
      Block[] | undefined
    >();
    expectTypeOf(
      queryClient.fetchQuery(apiQuery("/api/profile", { on401: "returnNull" })),
    ).resolves.toEqualTypeOf<Profile | null>();
    expectTypeOf<ReturnType<typeof usePublishedTerms>["data"]>().toEqualTypeOf<
      PublishedTerms | null | undefined
    >();
    expectTypeOf(apiConditionalGet("/api/tagg-analytics", null)).resolves.toEqualTypeOf<
      ConditionalGetResult<AnalyticsEvent[]>
    >();
  });

  it("refuses an address the map does not hold for GET, and data put where another type is expected", () => {
    // @ts-expect-error no such route
    apiQuery("/api/no-such-route");
    // @ts-expect-error the route exists, not for GET
    apiQuery("/api/logout");
    // @ts-expect-error no such route to poll
    void apiConditionalGet("/api/no-such-route", null);
    // @ts-expect-error the type comes from the address; a caller cannot name it
    apiQuery<Profile>("/api/profile");
    // @ts-expect-error the blocks query holds blocks: posts cannot be written under its key
    queryClient.setQueryData(apiQuery("/api/blocks").queryKey, posts);
  });
});
