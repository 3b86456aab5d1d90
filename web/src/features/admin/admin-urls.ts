/** The admin API's list URLs; a write invalidates its list and the audit log by these keys. */
export const ADMIN_URLS = {
  taggs: "/api/admin/taggs",
  profiles: "/api/admin/profiles",
  taggedPosts: "/api/admin/tagged-posts",
  reportedPosts: "/api/admin/reported-posts",
  reportSettings: "/api/admin/post-report-settings",
  cleanup: "/api/admin/cleanup",
  imageBanner: "/api/admin/image-banner",
  aiSettings: "/api/admin/ai-settings",
  siteSettings: "/api/admin/settings",
  auditLog: "/api/admin/audit-log",
  auditLogFacets: "/api/admin/audit-log/facets",
} as const;
