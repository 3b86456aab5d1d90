import { z } from "zod";
import { securityCheckupSchema, wasntMeAnswerSchema } from "./api/account-alerts.ts";
import { adminSessionResponseSchema, auditLogFacetsSchema, auditLogResponseSchema } from "./api/admin.ts";
import { cleanupDeleteResponseSchema, cleanupSearchResponseSchema } from "./api/admin-cleanup.ts";
import { adminHelpContentListSchema, adminHelpContentSchema } from "./api/admin-content.ts";
import {
  adminReportedPostsResponseSchema,
  adminTaggedPostsResponseSchema,
  postReportSettingsResponseSchema,
} from "./api/admin-moderation.ts";
import {
  adminPayoutsResponseSchema,
  affiliateSettingsSchema,
  affiliateStatsSchema,
  costSchema,
  costsResponseSchema,
  costsTotalSchema,
  economicsSchema,
  processedPayoutSchema,
  revealedPayoutSchema,
} from "./api/admin-money.ts";
import { adminProfileSchema, adminProfilesResponseSchema } from "./api/admin-profiles.ts";
import { aiSettingsSchema, siteSettingsSchema } from "./api/admin-settings.ts";
import { adminTaggSchema, adminTaggsResponseSchema } from "./api/admin-taggs.ts";
import { affiliateDashboardSchema, requestPayoutResponseSchema } from "./api/affiliate.ts";
import {
  analyticsListSchema,
  deleteAnalyticsResponseSchema,
  highestViewedPostSchema,
  postViewersResponseSchema,
  quietWeekListSchema,
  uniqueViewersSchema,
  viewerProfileSchema,
} from "./api/analytics.ts";
import { authResponseSchema, messageResponseSchema, resendVerificationResponseSchema } from "./api/auth.ts";
import { blockListSchema, blockSchema } from "./api/blocks.ts";
import {
  helpContentSchema,
  popupSchema,
  sectionListSchema,
  sectionSchema,
  whatWeDoSchema,
} from "./api/content.ts";
import {
  adminAppealSchema,
  adminAppealsResponseSchema,
  appealSchema,
  moderationDecisionListSchema,
  moderationReasonListSchema,
  moderationReasonSchema,
  transparencyResponseSchema,
} from "./api/moderation.ts";
import { noticeListSchema } from "./api/notices.ts";
import {
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  freeOptionSchema,
  invoicesResponseSchema,
  paymentMethodSetupResponseSchema,
  paymentsConfigSchema,
  receiptSchema,
  testConfirmResponseSchema,
  testSetupConfirmResponseSchema,
} from "./api/payments.ts";
import {
  bulkDeleteResponseSchema,
  bulkUpdateResponseSchema,
  checkPostNameResponseSchema,
  imageBannerSchema,
  reportPostResponseSchema,
  taggedPostListSchema,
  taggedPostSchema,
} from "./api/posts.ts";
import {
  privacySettingsSchema,
  toggleVisibilityResponseSchema,
  updatePrivacyResponseSchema,
} from "./api/privacy.ts";
import { profileSchema } from "./api/profile.ts";
import {
  deleteSearchHistoryResponseSchema,
  publicSearchResponseSchema,
  searchHistoryResponseSchema,
  trackResponseSchema,
} from "./api/search.ts";
import {
  passkeyListSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  recoveryCodesResponseSchema,
  resetPasswordAnswerSchema,
  signInResponseSchema,
  totpSetupResponseSchema,
} from "./api/second-factor.ts";
import { revokeOtherSessionsResponseSchema, signedInSessionListSchema } from "./api/sessions.ts";
import { siteInfoSchema } from "./api/site.ts";
import { socialLinksSchema } from "./api/social-links.ts";
import { successSchema } from "./api/success.ts";
import { checkTaggResponseSchema } from "./api/taggs.ts";
import { termsResponseSchema } from "./api/terms.ts";

/** A 204: the request helper answers null. */
const noContent = z.null();

/**
 * What the server answers each call the web makes, by method and path template (`{id}` stands for one path
 * segment): the schema of the route's success answer. The web takes only the types (`ApiResponses`), so this
 * adds no zod to its bundles; an API test checks each entry against the route the server registered.
 */
export const API_RESPONSES = {
  "GET /api/profile": profileSchema,
  "PUT /api/profile": profileSchema,
  "DELETE /api/profile": successSchema,
  "POST /api/profile/confirm-email-change": profileSchema,
  "DELETE /api/profile/pending-email": noContent,

  "POST /api/auth/login": signInResponseSchema,
  "POST /api/auth/login/second-factor": authResponseSchema,
  "POST /api/auth/login/passkey": authResponseSchema,
  "POST /api/auth/register": authResponseSchema,
  "POST /api/auth/forgot-password": messageResponseSchema,
  "POST /api/reset-password": resetPasswordAnswerSchema,
  "POST /api/auth/verify-email": profileSchema,
  "POST /api/auth/resend-verification": resendVerificationResponseSchema,
  "POST /api/auth/reauthenticate": noContent,
  "POST /api/logout": successSchema,
  "GET /api/auth/sessions": signedInSessionListSchema,
  "DELETE /api/auth/sessions/{id}": noContent,
  "POST /api/auth/sessions/revoke-others": revokeOtherSessionsResponseSchema,
  "POST /api/auth/wasnt-me": wasntMeAnswerSchema,
  "GET /api/security-checkup": securityCheckupSchema,
  "PUT /api/security-checkup/new-sign-in-emails": securityCheckupSchema,
  "POST /api/auth/2fa/totp/setup": totpSetupResponseSchema,
  "POST /api/auth/2fa/totp/enable": recoveryCodesResponseSchema,
  "POST /api/auth/2fa/disable": noContent,
  "POST /api/auth/2fa/recovery-codes": recoveryCodesResponseSchema,
  "POST /api/auth/passkeys/options": passkeyOptionsResponseSchema,
  "GET /api/auth/passkeys": passkeyListSchema,
  "POST /api/auth/passkeys": passkeySchema,
  "DELETE /api/auth/passkeys/{id}": noContent,

  "GET /api/me/social-links": socialLinksSchema,
  "POST /api/me/social-links": socialLinksSchema,
  "GET /api/check-tagg": checkTaggResponseSchema,
  "POST /api/me/tagg": profileSchema,
  "GET /api/blocks": blockListSchema,
  "POST /api/blocks": blockSchema,
  "DELETE /api/blocks/{id}": noContent,

  "GET /api/tagged-posts": taggedPostListSchema,
  "POST /api/tagged-posts": taggedPostSchema,
  "PATCH /api/tagged-posts/{id}": taggedPostSchema,
  "DELETE /api/tagged-posts/{id}": successSchema,
  "POST /api/tagged-posts/{id}/report": reportPostResponseSchema,
  "PATCH /api/tagged-posts/bulk-hide": bulkUpdateResponseSchema,
  "PATCH /api/tagged-posts/bulk-show": bulkUpdateResponseSchema,
  "DELETE /api/tagged-posts/bulk-delete": bulkDeleteResponseSchema,
  "GET /api/check-post-name": checkPostNameResponseSchema,

  "GET /api/public/tagged-posts": publicSearchResponseSchema,
  "POST /api/track-search": trackResponseSchema,
  "GET /api/user-search-history": searchHistoryResponseSchema,
  "DELETE /api/user-search-history": deleteSearchHistoryResponseSchema,
  "GET /api/tagg-analytics": analyticsListSchema,
  "DELETE /api/tagg-analytics": deleteAnalyticsResponseSchema,
  "GET /api/tagg-analytics/quiet-weeks": quietWeekListSchema,
  "GET /api/posts/{id}/viewers": postViewersResponseSchema,
  "GET /api/user-info/{viewerId}": viewerProfileSchema,
  "GET /api/unique-viewers": uniqueViewersSchema,
  "GET /api/highest-viewed-post": highestViewedPostSchema,
  "GET /api/notices": noticeListSchema,
  "DELETE /api/notices/{id}": successSchema,
  "GET /api/moderation-decisions": moderationDecisionListSchema,
  "POST /api/moderation-decisions/{id}/appeal": appealSchema,
  "GET /api/transparency": transparencyResponseSchema,
  "GET /api/privacy-settings": privacySettingsSchema,
  "POST /api/privacy-settings": updatePrivacyResponseSchema,
  "POST /api/tagg/toggle-visibility": toggleVisibilityResponseSchema,

  "GET /api/payments/config": paymentsConfigSchema,
  "GET /api/settings/free-option": freeOptionSchema,
  "POST /api/create-subscription": createSubscriptionResponseSchema,
  "POST /api/cancel-subscription": cancelSubscriptionResponseSchema,
  "POST /api/subscription/resume": profileSchema,
  "POST /api/subscription/payment-method": paymentMethodSetupResponseSchema,
  "GET /api/subscription/invoices": invoicesResponseSchema,
  "GET /api/subscription/invoices/{id}": receiptSchema,
  "POST /api/payments/test/confirm": testConfirmResponseSchema,
  "POST /api/payments/test/confirm-setup": testSetupConfirmResponseSchema,
  "GET /api/affiliate/dashboard": affiliateDashboardSchema,
  "POST /api/affiliate/request-payout": requestPayoutResponseSchema,

  "GET /api/terms": termsResponseSchema,
  "GET /api/sections": sectionListSchema,
  "GET /api/sections/{section}": sectionSchema,
  "PATCH /api/sections/{section}": sectionSchema,
  "GET /api/help-content/{name}": helpContentSchema,
  "GET /api/what-we-do-content": whatWeDoSchema,
  "GET /api/image-banner": imageBannerSchema,
  "PUT /api/admin/image-banner": imageBannerSchema,
  "GET /api/site": siteInfoSchema,
  "GET /api/greetings-popup": popupSchema,
  "PUT /api/greetings-popup": popupSchema,
  "GET /api/saved-images-popup": popupSchema,
  "PUT /api/saved-images-popup": popupSchema,
  "GET /api/hide-searches-popup": popupSchema,
  "PUT /api/hide-searches-popup": popupSchema,

  "POST /api/admin/session": adminSessionResponseSchema,
  "DELETE /api/admin/session": noContent,
  "GET /api/admin/audit-log": auditLogResponseSchema,
  "GET /api/admin/audit-log/facets": auditLogFacetsSchema,
  "GET /api/admin/taggs": adminTaggsResponseSchema,
  "POST /api/admin/tagg": adminTaggSchema,
  "PUT /api/admin/tagg/{id}": adminTaggSchema,
  "POST /api/admin/tagg/{id}/toggle": adminTaggSchema,
  "DELETE /api/admin/tagg/{id}": successSchema,
  "GET /api/admin/profiles": adminProfilesResponseSchema,
  "PUT /api/admin/profiles/{id}/role": adminProfileSchema,
  "POST /api/admin/profile": adminProfileSchema,
  "PUT /api/admin/profile/{id}": adminProfileSchema,
  "DELETE /api/admin/profile/{id}": successSchema,
  "GET /api/admin/tagged-posts": adminTaggedPostsResponseSchema,
  "DELETE /api/admin/tagged-posts/{id}": successSchema,
  "POST /api/admin/tagged-posts/{id}/hide": successSchema,
  "GET /api/admin/moderation-reasons": moderationReasonListSchema,
  "POST /api/admin/moderation-reasons": moderationReasonSchema,
  "PUT /api/admin/moderation-reasons/{id}": moderationReasonSchema,
  "DELETE /api/admin/moderation-reasons/{id}": successSchema,
  "GET /api/admin/appeals": adminAppealsResponseSchema,
  "POST /api/admin/appeals/{id}": adminAppealSchema,
  "GET /api/admin/reported-posts": adminReportedPostsResponseSchema,
  "POST /api/admin/reported-posts/{postId}/dismiss": successSchema,
  "GET /api/admin/post-report-settings": postReportSettingsResponseSchema,
  "PUT /api/admin/post-report-settings": postReportSettingsResponseSchema,
  "POST /api/admin/cleanup/search": cleanupSearchResponseSchema,
  "POST /api/admin/cleanup/delete": cleanupDeleteResponseSchema,
  "GET /api/admin/ai-settings": aiSettingsSchema,
  "PUT /api/admin/ai-settings": aiSettingsSchema,
  "GET /api/admin/settings": siteSettingsSchema,
  "POST /api/admin/settings": siteSettingsSchema,
  "POST /api/admin/terms": termsResponseSchema,
  "DELETE /api/admin/terms": successSchema,
  "GET /api/admin/help-content": adminHelpContentListSchema,
  "POST /api/admin/help-content": adminHelpContentSchema,
  "PUT /api/admin/help-content/{sectionName}": adminHelpContentSchema,
  "DELETE /api/admin/help-content/{sectionName}": successSchema,
  "GET /api/admin/what-we-do-content": whatWeDoSchema,
  "POST /api/admin/what-we-do-content": whatWeDoSchema,
  "GET /api/admin/costs": costsResponseSchema,
  "POST /api/admin/costs": costSchema,
  "PUT /api/admin/costs/{id}": costSchema,
  "DELETE /api/admin/costs/{id}": successSchema,
  "GET /api/admin/costs/total": costsTotalSchema,
  "GET /api/admin/costs/economics": economicsSchema,
  "GET /api/admin/affiliate/settings": affiliateSettingsSchema,
  "PUT /api/admin/affiliate/settings": affiliateSettingsSchema,
  "GET /api/admin/affiliate/stats": affiliateStatsSchema,
  "GET /api/admin/affiliate/payouts": adminPayoutsResponseSchema,
  "POST /api/admin/affiliate/payouts/{id}": processedPayoutSchema,
  "POST /api/admin/affiliate/payouts/{id}/reveal": revealedPayoutSchema,
} as const satisfies Record<`${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /api/${string}`, z.ZodType>;

/** The type of each answer in `API_RESPONSES`, as the web receives it. */
export type ApiResponses = { [Route in keyof typeof API_RESPONSES]: z.output<(typeof API_RESPONSES)[Route]> };
