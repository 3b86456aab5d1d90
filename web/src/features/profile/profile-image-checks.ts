import { POST_MESSAGES } from "#contract/api/posts.ts";
import { checkImageFile, FILE_PROBLEMS, type FileProblem } from "#web/features/posts/file-checks.ts";
import { ApiError } from "#web/lib/api-request.ts";

/** The profile-upload wording of spec 1 §5 (create-post has its own). */
export const PROFILE_FILE_PROBLEMS = {
  tooLarge: { title: "File Too Large", description: "Please select an image smaller than 20MB." },
  wrongType: { title: "Invalid File Type", description: "Please select an image file." },
} as const satisfies Record<string, FileProblem>;

/** The same checks as every upload (size, then type), with the profile wording. Pure: unit-tested. */
export function checkProfileImage(file: { name: string; size: number; type: string }): FileProblem | null {
  const problem = checkImageFile(file);
  if (problem === FILE_PROBLEMS.tooLarge) return PROFILE_FILE_PROBLEMS.tooLarge;
  if (problem === FILE_PROBLEMS.wrongType) return PROFILE_FILE_PROBLEMS.wrongType;
  return problem;
}

/** The server refused the bytes (415, or 413 / "File too large"): the same two messages. */
export function profileUploadProblem(error: unknown): FileProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 415) return PROFILE_FILE_PROBLEMS.wrongType;
  if (error.status === 413 || error.body?.error === POST_MESSAGES.fileTooLarge) {
    return PROFILE_FILE_PROBLEMS.tooLarge;
  }
  return null;
}
