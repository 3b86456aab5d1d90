import { describe, expect, it } from "vitest";
import { dataExportCheck } from "./data-export-check.ts";

describe("dataExportCheck", () => {
  it("goes ahead on a 2xx answer", () => {
    expect(dataExportCheck(200, null)).toEqual({ ok: true });
  });

  it("says when to try again after a 429, in whole minutes", () => {
    expect(dataExportCheck(429, "3000")).toEqual({
      ok: false,
      message: "You can download your data once an hour. Try again in 50 minutes.",
    });
    expect(dataExportCheck(429, "61")).toMatchObject({ message: expect.stringContaining("in 2 minutes.") });
    expect(dataExportCheck(429, "1")).toMatchObject({ message: expect.stringContaining("in 1 minute.") });
    expect(dataExportCheck(429, null)).toMatchObject({ message: expect.stringContaining("in an hour.") });
  });

  it("asks to sign in again after a 401 and to retry after anything else", () => {
    expect(dataExportCheck(401, null)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Sign in again"),
    });
    expect(dataExportCheck(503, "5")).toMatchObject({
      ok: false,
      message: expect.stringContaining("try again"),
    });
  });
});
