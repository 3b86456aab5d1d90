import { z } from "zod";
import { auditLogItemSchema } from "#contract/api/admin.ts";
import { adminHelpContentSchema } from "#contract/api/admin-content.ts";
import {
  adminReportedPostSchema,
  adminTaggedPostSchema,
  postReportSettingsResponseSchema,
} from "#contract/api/admin-moderation.ts";
import { adminPayoutSchema, costSchema } from "#contract/api/admin-money.ts";
import { adminProfileSchema } from "#contract/api/admin-profiles.ts";
import { adminTaggSchema } from "#contract/api/admin-taggs.ts";
import { analyticsEventSchema } from "#contract/api/analytics.ts";
import { authUserSchema } from "#contract/api/auth.ts";
import { popupSchema, sectionSchema } from "#contract/api/content.ts";
import { noticeSchema } from "#contract/api/notices.ts";
import { invoiceSchema } from "#contract/api/payments.ts";
import { imageBannerSchema, taggedPostSchema } from "#contract/api/posts.ts";
import { profileSchema } from "#contract/api/profile.ts";
import { shortcutSchema } from "#contract/api/social-links.ts";
import { successSchema } from "#contract/api/success.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import { errorBodySchema } from "#contract/error-body-schema.ts";

const NAMED: [z.ZodType, string][] = [
  [errorBodySchema, "ErrorBody"],
  [successSchema, "Success"],
  [authUserSchema, "SignedInMember"],
  [profileSchema, "Profile"],
  [shortcutSchema, "Shortcut"],
  [taggedPostSchema, "TaggedPost"],
  [analyticsEventSchema, "AnalyticsEvent"],
  [noticeSchema, "Notice"],
  [invoiceSchema, "Invoice"],
  [termsResponseSchema, "Terms"],
  [sectionSchema, "UiSection"],
  [popupSchema, "Popup"],
  [imageBannerSchema, "ImageBanner"],
  [adminTaggSchema, "AdminTagg"],
  [adminProfileSchema, "AdminProfile"],
  [adminTaggedPostSchema, "AdminTaggedPost"],
  [adminReportedPostSchema, "AdminReportedPost"],
  [postReportSettingsResponseSchema, "PostReportSettings"],
  [adminHelpContentSchema, "AdminHelpContent"],
  [costSchema, "Cost"],
  [adminPayoutSchema, "AdminPayout"],
  [auditLogItemSchema, "AuditLogEntry"],
];

/**
 * The shapes the API document names as components (`#/components/schemas/<id>`) instead of repeating them in
 * every operation that uses them; a shape a client sends is named `<id>Input`. The names go into zod's global
 * registry beside the descriptions `.describe()` keeps there (the document generator reads that registry), and
 * are given here, on the server, so naming adds nothing to the web app's bundles.
 */
export function nameApiSchemas() {
  for (const [schema, id] of NAMED) {
    if (z.globalRegistry.get(schema)?.id !== id)
      z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
