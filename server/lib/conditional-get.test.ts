import { describe, expect, it } from "vitest";
import { asksToRevalidate, holdsCurrentCopy } from "./conditional-get.ts";

const version = { size: 10, etag: '"abc"', lastModified: new Date("2026-11-27T05:00:00.750Z") };
const written = "Fri, 27 Nov 2026 05:00:00 GMT";

describe("holdsCurrentCopy", () => {
  it("matches If-None-Match by tag, weakly, in a list, or any file with *", () => {
    for (const ifNoneMatch of ['"abc"', 'W/"abc"', '"x", "abc"', '"x",W/"abc"', "*"]) {
      expect(holdsCurrentCopy({ ifNoneMatch }, version), ifNoneMatch).toBe(true);
    }
    for (const ifNoneMatch of ['"abd"', "abc", '"x"', ""]) {
      expect(holdsCurrentCopy({ ifNoneMatch }, version), ifNoneMatch).toBe(false);
    }
  });

  it("matches If-Modified-Since to the second, and lets If-None-Match decide when both are sent", () => {
    expect(holdsCurrentCopy({ ifModifiedSince: written }, version)).toBe(true);
    expect(holdsCurrentCopy({ ifModifiedSince: "Fri, 27 Nov 2026 06:00:00 GMT" }, version)).toBe(true);
    expect(holdsCurrentCopy({ ifModifiedSince: "Fri, 27 Nov 2026 04:59:59 GMT" }, version)).toBe(false);
    expect(holdsCurrentCopy({ ifModifiedSince: "yesterday" }, version)).toBe(false);
    expect(holdsCurrentCopy({ ifNoneMatch: '"old"', ifModifiedSince: written }, version)).toBe(false);
    expect(holdsCurrentCopy({}, version)).toBe(false);
  });

  it("tells a conditional request from a plain one", () => {
    expect(asksToRevalidate({})).toBe(false);
    expect(asksToRevalidate({ ifNoneMatch: '"abc"' })).toBe(true);
    expect(asksToRevalidate({ ifModifiedSince: written })).toBe(true);
  });
});
