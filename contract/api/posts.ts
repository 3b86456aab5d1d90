import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "../limits.ts";
import { timestampSchema } from "./timestamps.ts";

export const POST_NAME_MAX_LENGTH = 100;
export const MIN_NAME_SUGGESTIONS = 3;

/** Stored images are served from /uploads/<random name>; posts may only reference the caller's own. */
export const uploadPathSchema = z
  .string({ error: "Image is required" })
  .regex(/^\/uploads\/[a-f0-9]{32}(-[a-z]+)?\.(jpg|png|webp|gif)$/, { error: "Image path is not valid" });

export const postNameSchema = z
  .string({ error: "Post name is required" })
  .trim()
  .min(1, { error: "Post name is required" })
  .max(POST_NAME_MAX_LENGTH, { error: `Post name must be at most ${POST_NAME_MAX_LENGTH} characters` });

export const uploadImageResponseSchema = z.object({
  imageUrl: uploadPathSchema,
  scrambledImageUrl: uploadPathSchema,
  thumbnailUrl: uploadPathSchema,
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

export const checkPostNameQuerySchema = z.strictObject({ name: postNameSchema });
export const checkPostNameResponseSchema = z.object({
  available: z.boolean(),
  suggestions: z.array(z.string()),
});
export type CheckPostNameResponse = z.infer<typeof checkPostNameResponseSchema>;

export const createTaggedPostBodySchema = z.strictObject({
  postName: postNameSchema,
  originalImage: uploadPathSchema,
  scrambledImage: uploadPathSchema,
  hidePersonalInfo: z.boolean().default(false),
  scrambleImage: z.boolean().default(false),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH, { error: `Comment must be at most ${COMMENT_MAX_LENGTH} characters` })
    .optional(),
});
export type CreateTaggedPostBody = z.input<typeof createTaggedPostBodySchema>;

export const taggedPostSchema = z.object({
  id: z.string(),
  postName: z.string(),
  originalImage: z.string(),
  scrambledImage: z.string(),
  thumbnailImage: z.string().nullable(),
  scrambleImage: z.boolean(),
  hidePersonalInfo: z.boolean(),
  isVisible: z.boolean(),
  comment: z.string().nullable(),
  createdAt: timestampSchema,
  uniqueViewCount: z.number().int(),
});
export type TaggedPost = z.infer<typeof taggedPostSchema>;

export const taggedPostListSchema = z.array(taggedPostSchema);

export const postIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Post not found" }) });

export const updateTaggedPostBodySchema = z.strictObject({
  scrambleImage: z.boolean({ error: "scrambleImage must be true or false" }),
});

export const bulkUpdateResponseSchema = z.object({ updated: z.number().int() });
export const bulkDeleteResponseSchema = z.object({ deleted: z.number().int() });

/** The reasons a member may give when reporting a post (optional), with the words the report dialog shows. */
export const REPORT_REASONS = ["spam", "nudity", "harassment", "violence", "copyright", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or scam",
  nudity: "Nudity or sexual content",
  harassment: "Harassment or bullying",
  violence: "Violence or threats",
  copyright: "Copyright or someone else's image",
  other: "Something else",
};
export const reportPostBodySchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, { error: "Choose one of the listed reasons" }).optional(),
  })
  .nullish();

/** What happens to a post at the report threshold: hidden pending review (default), or deleted. */
export const REPORT_AUTO_ACTIONS = ["hide", "delete"] as const;
export type ReportAutoAction = (typeof REPORT_AUTO_ACTIONS)[number];

export const reportPostResponseSchema = z.object({ reported: z.literal(true), removed: z.boolean() });

export const imageBannerSchema = z.object({ text: z.string(), isEnabled: z.boolean() });
export type ImageBanner = z.infer<typeof imageBannerSchema>;

export const POST_MESSAGES = {
  nameTaken: "This post name is already taken",
  notFound: "Post not found",
  imageNotYours: "Upload the image again: it does not belong to your account",
  alreadyReported: "You have already reported this post",
  ownPost: "You cannot report your own post",
  subscriptionRequired: "Active subscription required",
  invalidFileType: "Invalid file type",
  fileTooLarge: "File too large",
  tooManyPixels: "Image dimensions are too large",
  corruptImage: "The image file is damaged or incomplete",
  noFile: "Choose an image to upload",
  malformedForm:
    'The upload is not a complete form: send the image as multipart/form-data in the field "image"',
  busy: "The server is busy processing images. Please try again in a moment.",
} as const;
