import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "#contract/limits.ts";
import { ApiError } from "#web/lib/api-request.ts";
import { checkProfileImage, PROFILE_FILE_PROBLEMS, profileUploadProblem } from "./profile-image-checks.ts";

describe("checkProfileImage", () => {
  it("uses the profile wording for the shared checks", () => {
    expect(checkProfileImage({ name: "a.jpg", size: MAX_UPLOAD_BYTES + 1, type: "image/jpeg" })).toBe(
      PROFILE_FILE_PROBLEMS.tooLarge,
    );
    expect(checkProfileImage({ name: "a.svg", size: 10, type: "image/svg+xml" })).toBe(
      PROFILE_FILE_PROBLEMS.wrongType,
    );
    expect(checkProfileImage({ name: "a.png", size: 10, type: "image/png" })).toBeNull();
    expect(PROFILE_FILE_PROBLEMS.tooLarge).toEqual({
      title: "File Too Large",
      description: "Please select an image smaller than 20MB.",
    });
  });
});

describe("profileUploadProblem", () => {
  it("maps the server's refusals", () => {
    expect(profileUploadProblem(new ApiError(415, "415: x", { error: "x", code: "unsupported_type" }))).toBe(
      PROFILE_FILE_PROBLEMS.wrongType,
    );
    expect(profileUploadProblem(new ApiError(413, "413: x", { error: "x", code: "file_too_large" }))).toBe(
      PROFILE_FILE_PROBLEMS.tooLarge,
    );
    expect(profileUploadProblem(new ApiError(500, "500: x", null))).toBeNull();
    expect(profileUploadProblem(new Error("x"))).toBeNull();
  });
});
