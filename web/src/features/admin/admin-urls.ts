/**
 * The admin API's URLs. The lists (and settings) are read at these; a write invalidates its list and the audit
 * log by these keys. One tagg or profile is written under its singular path (`tagg`, `profile`).
 */
export const ADMIN_URLS = {
  taggs: "/api/admin/taggs",
  tagg: "/api/admin/tagg",
  profiles: "/api/admin/profiles",
  profile: "/api/admin/profile",
  taggedPosts: "/api/admin/tagged-posts",
  reportedPosts: "/api/admin/reported-posts",
  reportSettings: "/api/admin/post-report-settings",
  moderationReasons: "/api/admin/moderation-reasons",
  appeals: "/api/admin/appeals",
  cleanup: "/api/admin/cleanup",
  imageBanner: "/api/admin/image-banner",
  aiSettings: "/api/admin/ai-settings",
  siteSettings: "/api/admin/settings",
  costs: "/api/admin/costs",
  costsTotal: "/api/admin/costs/total",
  costsEconomics: "/api/admin/costs/economics",
  affiliateSettings: "/api/admin/affiliate/settings",
  affiliateStats: "/api/admin/affiliate/stats",
  affiliatePayouts: "/api/admin/affiliate/payouts",
  auditLog: "/api/admin/audit-log",
  auditLogFacets: "/api/admin/audit-log/facets",
  terms: "/api/admin/terms",
  helpContent: "/api/admin/help-content",
  whatWeDo: "/api/admin/what-we-do-content",
} as const;

/**
 * What members read of the content the panel writes: a content write refreshes every query whose key starts
 * with one of these, so /terms, the help dialogs, their section codes and What We Do follow at once.
 */
export const PUBLIC_CONTENT_URLS = {
  terms: "/api/terms",
  sections: "/api/sections",
  helpContent: "/api/help-content",
  whatWeDo: "/api/what-we-do-content",
} as const;
