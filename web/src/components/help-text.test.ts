import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from "#web/lib/api-request.ts";
import { helpErrorText, isMissingHelp, sectionTopic } from "./help-text.ts";

describe("helpErrorText", () => {
  it("reads 'HTTP error! status:' and the code for a failed answer", () => {
    expect(helpErrorText(new ApiError(500, "500: boom", null))).toBe("HTTP error! status: 500");
  });

  it("gives the network message when the server was not reached", () => {
    expect(helpErrorText(new NetworkError())).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe("isMissingHelp", () => {
  it("is true only for a 404", () => {
    expect(isMissingHelp(new ApiError(404, "404: none", { error: "none", code: "not_found" }))).toBe(true);
    expect(isMissingHelp(new ApiError(500, "500: boom", null))).toBe(false);
    expect(isMissingHelp(new Error("x"))).toBe(false);
  });
});

describe("sectionTopic", () => {
  it("turns a section name into words", () => {
    expect(sectionTopic("social-links")).toBe("Social links");
    expect(sectionTopic("Create post pop up")).toBe("Create post pop up");
    expect(sectionTopic("affiliate_program")).toBe("Affiliate program");
  });
});
