/** The admin API's list URLs; a write invalidates its list and the audit log by these keys. */
export const ADMIN_URLS = {
  taggs: "/api/admin/taggs",
  profiles: "/api/admin/profiles",
  taggedPosts: "/api/admin/tagged-posts",
  reportedPosts: "/api/admin/reported-posts",
  reportSettings: "/api/admin/post-report-settings",
  cleanup: "/api/admin/cleanup",
  costs: "/api/admin/costs",
  costsTotal: "/api/admin/costs/total",
  costsEconomics: "/api/admin/costs/economics",
  affiliateSettings: "/api/admin/affiliate/settings",
  affiliateStats: "/api/admin/affiliate/stats",
  affiliatePayouts: "/api/admin/affiliate/payouts",
  auditLog: "/api/admin/audit-log",
  auditLogFacets: "/api/admin/audit-log/facets",
} as const;
