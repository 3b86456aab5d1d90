import { z } from "zod";

/** Greetings, saved-images and hide-searches popups (saved-images content is sanitized HTML). */
export const popupSchema = z.object({ isEnabled: z.boolean(), content: z.string() });
export type Popup = z.infer<typeof popupSchema>;

export const whatWeDoSchema = z.object({ content: z.string() });

export const sectionSchema = z.object({
  id: z.string(),
  sectionName: z.string(),
  code: z.number().int(),
  title: z.string().nullable(),
  type: z.string().nullable(),
  route: z.string().nullable(),
  tags: z.string().nullable(),
  description: z.string().nullable(),
});
export type Section = z.infer<typeof sectionSchema>;
export const sectionListSchema = z.array(sectionSchema);

const sectionNameSchema = z
  .string()
  .trim()
  .min(1, { error: "Section name is required" })
  .max(100, { error: "Section name is too long" });

/** GET /api/help-content/{name}. */
export const sectionNameParamsSchema = z.strictObject({ name: sectionNameSchema });

/**
 * GET /api/sections/{section}: a section by its name. The parameter is called `section` because the same path
 * edits a section by its id (PATCH), and one path has one parameter name.
 */
export const sectionParamsSchema = z.strictObject({ section: sectionNameSchema });

export const helpContentSchema = z.object({
  sectionName: z.string(),
  title: z.string(),
  content: z.string(),
});
export type HelpContent = z.infer<typeof helpContentSchema>;

export const CONTENT_MESSAGES = {
  sectionNotFound: "Section not found",
  helpNotFound: "No help content available for this section",
} as const;
