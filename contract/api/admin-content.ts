import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

/** What the admin panel's Terms & Conditions, UI codes, Help content and What We Do sections write. */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is too long` });

/** Optional text of a UI section: blank means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "Too long" })
    .nullish()
    .transform((value) => (value ? value : null));

/** Terms need a title and content; the content is HTML, sanitized on the server when stored. */
export const adminTermsBodySchema = z.strictObject({
  title: required("Title", 255),
  content: required("Content", 200_000),
});
export type AdminTermsBody = z.input<typeof adminTermsBodySchema>;

export const UI_SECTION_TYPES = ["page", "popup", "editable"] as const;
export const SECTION_CODE_MIN = 100_000;
export const SECTION_CODE_MAX = 999_999;

/** Edit UI Section (`PATCH /api/sections/{id}`): the section name is required; the code is six digits. */
export const sectionPatchSchema = z.strictObject({
  sectionName: required("Section name", 100),
  code: z
    .number({ error: "The code is a six-digit number" })
    .int({ error: "The code is a six-digit number" })
    .min(SECTION_CODE_MIN, { error: "The code is a six-digit number" })
    .max(SECTION_CODE_MAX, { error: "The code is a six-digit number" })
    .optional(),
  title: optionalText(255),
  type: optionalText(50),
  route: optionalText(255),
  tags: optionalText(500),
  description: optionalText(2000),
});
export type SectionPatch = z.input<typeof sectionPatchSchema>;

/**
 * PATCH /api/sections/{section}: a section by its id. The parameter shares its name with the public read of the
 * same path, which takes the section's name: one path has one parameter name.
 */
export const sectionIdParamsSchema = z.object({ section: z.uuid({ error: "Section not found" }) });

/** Help content create: all three fields required; the client says "All fields are required". */
export const helpContentBodySchema = z.strictObject({
  sectionName: required("Section name", 100),
  title: required("Title", 255),
  content: required("Content", 20_000),
});
export type HelpContentBody = z.input<typeof helpContentBodySchema>;

/** Help content edit: the section name is the key and cannot change. */
export const helpContentUpdateSchema = helpContentBodySchema.omit({ sectionName: true });
export type HelpContentUpdate = z.input<typeof helpContentUpdateSchema>;

export const helpSectionParamsSchema = z.object({ sectionName: required("Section name", 100) });

export const adminHelpContentSchema = z.object({
  id: z.string(),
  sectionName: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: timestampSchema,
});
export type AdminHelpContent = z.infer<typeof adminHelpContentSchema>;
export const adminHelpContentListSchema = z.array(adminHelpContentSchema);

/** What We Do (plain text). */
export const whatWeDoBodySchema = z.strictObject({ content: required("Content", 20_000) });

export const ADMIN_CONTENT_MESSAGES = {
  allFieldsRequired: "All fields are required",
  termsNotFound: "There are no terms to delete",
  helpExists: "This section already has help content",
  helpNotFound: "No help content for this section",
  sectionNotFound: "Section not found",
  codeTaken: "Another section already uses this code",
  nameTaken: "Another section already has this name",
  nameFixed: "Member pages look this section up by its name, so it cannot be renamed",
} as const;
