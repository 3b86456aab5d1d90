import { describe, expect, it } from "vitest";
import { summarizeQuery } from "./query-summary.ts";

const tables = new Set(["tagged_posts", "profiles", "sessions"]);

describe("summarizeQuery", () => {
  it("names the statement kind and the first of our tables", () => {
    expect(summarizeQuery('select "id" from "tagged_posts" where "name_key" = $1', tables)).toEqual({
      operation: "SELECT",
      table: "tagged_posts",
      summary: "SELECT tagged_posts",
    });
    expect(summarizeQuery('insert into "profiles" ("email") values ($1)', tables).summary).toBe(
      "INSERT profiles",
    );
    expect(summarizeQuery('update "sessions" set "expires_at" = $1', tables).summary).toBe("UPDATE sessions");
    expect(summarizeQuery('delete from "public"."sessions" where "id" = $1', tables).summary).toBe(
      "DELETE sessions",
    );
    expect(summarizeQuery("  -- why\n/* a note */ BEGIN", tables).summary).toBe("BEGIN");
  });

  it("keeps nothing else of the text: no literal, unknown word or table that is not ours", () => {
    const summary = summarizeQuery(
      "select 'alice@example.com' from members_secret where x = 'Alice'",
      tables,
    );
    expect(summary).toEqual({ operation: "SELECT", table: undefined, summary: "SELECT" });
    expect(summarizeQuery("alice@example.com drop everything", tables).summary).toBe("OTHER");
    expect(summarizeQuery('select * from "alice\'s table"', tables).summary).toBe("SELECT");
  });
});
