/** The tabs of the Reported Posts section, named in its address (`?section=reported-posts&tab=appeals`). */
export const REPORTED_POSTS_TABS = ["reports", "appeals", "reasons"] as const;
export type ReportedPostsTab = (typeof REPORTED_POSTS_TABS)[number];

/** Where the panel keeps its moderation reasons: the Reasons tab of Reported Posts. */
export const REASONS_TAB_LINK = "/admin?section=reported-posts&tab=reasons";
