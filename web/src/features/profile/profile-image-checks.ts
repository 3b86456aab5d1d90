import { errorCodeOf } from "#web/lib/api-request.ts";
import { checkImageFile, FILE_PROBLEMS, type FileProblem } from "#web/lib/file-checks.ts";

/** The wording of the profile uploads' checks (create-post has its own). */
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

/** The server refused the bytes (wrong type, or too large in bytes or pixels): the same two messages. */
export function profileUploadProblem(error: unknown): FileProblem | null {
  switch (errorCodeOf(error)) {
    case "unsupported_type":
      return PROFILE_FILE_PROBLEMS.wrongType;
    case "file_too_large":
    case "too_large":
      return PROFILE_FILE_PROBLEMS.tooLarge;
    default:
      return null;
  }
}
