import { MAX_UPLOAD_BYTES } from "#contract/limits.ts";

export type FileProblem = { title: string; description: string };

/** The wording of the create-post upload checks (the profile uploads have their own). */
export const FILE_PROBLEMS = {
  tooLarge: { title: "File too large", description: "Please choose an image under 20MB" },
  wrongType: { title: "Invalid file type", description: "Please choose an image file (JPG, PNG, GIF)" },
} as const satisfies Record<string, FileProblem>;

/** The types the server accepts (it checks the bytes again; SVG never). */
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/**
 * Checks a chosen file before uploading it: size first, then type. Some browsers report no type for a
 * picked photo; then the extension decides. Returns the toast to show, or null when the file may be sent.
 * Pure: unit-tested.
 */
export function checkImageFile(file: { name: string; size: number; type: string }): FileProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_PROBLEMS.tooLarge;
  const typeOk = file.type
    ? ACCEPTED_TYPES.has(file.type.toLowerCase())
    : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk || file.size === 0) return FILE_PROBLEMS.wrongType;
  return null;
}
