import { describe, expect, it } from "vitest";
import { errorBodySchema } from "./error-body-schema.ts";
import { readErrorBody } from "./errors.ts";

const SAMPLES: unknown[] = [
  { error: "Taken", code: "name_taken", suggestions: ["a 2026", "b"] },
  { error: "Invalid input", code: "validation", fields: { email: "Bad" } },
  { error: "Nope", code: "forbidden", extra: "dropped" },
  { error: "Nope", code: "no_such_code" },
  { error: 1, code: "forbidden" },
  { error: "Nope" },
  { error: "Bad", code: "validation", fields: { email: 1 } },
  { error: "Bad", code: "validation", fields: ["email"] },
  { error: "Taken", code: "name_taken", suggestions: [1] },
  [1, 2],
  "text",
  null,
];

describe("readErrorBody", () => {
  it("reads exactly what the contract's schema accepts, as the schema would", () => {
    for (const sample of SAMPLES) {
      const parsed = errorBodySchema.safeParse(sample);
      expect(readErrorBody(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
