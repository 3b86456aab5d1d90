/**
 * Who writes each table (decision 080): the server module (`server/modules/<module>/`) whose code alone inserts,
 * updates and deletes its rows; every other module asks that module's service, on the caller's transaction when
 * the write must commit with its own. Two tables belong to no module but to a server folder (`server/jobs`,
 * `server/db`). Keyed by the schema's export names, the names the code writes with. `profiles`, one row per
 * member, is owned by column: `rows` inserts and deletes it, and each of its columns is set only by its group's
 * module. `npm run lint` fails on any other write (`scripts/table-ownership.mjs`); this file is plain data, read
 * by that script without running it.
 */
export const TABLE_OWNERS = {
  // account-alerts.ts
  signInPlaces: "account-alerts",
  wasntMeTokens: "account-alerts",
  // affiliate.ts
  affiliateSettings: "settings",
  affiliateLinks: "affiliate",
  affiliateReferrals: "affiliate",
  affiliatePayouts: "affiliate",
  affiliateEarnings: "affiliate",
  // analytics.ts
  searchAnalytics: "analytics",
  anonymousActivityPending: "analytics",
  anonymousQuietWindows: "analytics",
  anonymityKeys: "analytics",
  // audit.ts
  adminAuditLog: "admin",
  adminAuditActors: "admin",
  adminAuditActions: "admin",
  // content.ts
  greetingsPopup: "settings",
  savedImagesPopup: "settings",
  hideSearchesPopup: "settings",
  imageBanner: "settings",
  terms: "content",
  whatWeDoContent: "content",
  helpContent: "content",
  uiSections: "content",
  // costs.ts
  costs: "admin",
  // jobs.ts
  scheduledJobRuns: "server/jobs",
  // moderation.ts
  moderationReasons: "moderation",
  moderationDecisions: "moderation",
  moderationAppeals: "moderation",
  moderationMonthly: "moderation",
  // notices.ts
  memberNotices: "notices",
  // payments.ts
  paymentEvents: "payments",
  billingInvoices: "payments",
  // posts.ts
  uploads: "uploads",
  taggedPosts: "posts",
  postReports: "posts",
  postReportSettings: "settings",
  // safety.ts
  blocks: "blocks",
  blockChanges: "blocks",
  repeatedSearchAlerts: "notices",
  // schema-version.ts
  schemaVersion: "server/db",
  // second-factor.ts
  totpCredentials: "second-factor",
  recoveryCodes: "second-factor",
  passkeys: "second-factor",
  authChallenges: "second-factor",
  // sessions.ts
  sessions: "auth",
  adminSessions: "auth",
  passwordResetTokens: "auth",
  emailVerificationTokens: "auth",
  // settings.ts
  settings: "settings",
  aiSettings: "settings",
  // taggs.ts
  taggs: "taggs",
  // users.ts
  profiles: {
    // An account begins with registration or an administrator's invitation, and ends with its deletion.
    rows: "auth",
    columns: {
      id: "auth",
      createdAt: "auth",
      // The account: the login, its password, and the sign-in's traces.
      email: "auth",
      emailVerified: "auth",
      passwordHash: "auth",
      passwordChangedAt: "auth",
      ipAddress: "auth",
      lastActive: "auth",
      adminUnlockFailures: "auth",
      adminUnlockFailedAt: "auth",
      // What the member shows and chooses, the address an administrator asked to move to, the role.
      firstName: "profile",
      lastName: "profile",
      bio: "profile",
      profilePictureUrl: "profile",
      wallpaperUrl: "profile",
      wallpaperPosition: "profile",
      socialLinks: "profile",
      theme: "profile",
      pendingEmail: "profile",
      role: "profile",
      dataExportStartedAt: "profile",
      tagg: "taggs",
      privacyMode: "privacy",
      pauseStartedAt: "privacy",
      isHidden: "privacy",
      stripeCustomerId: "payments",
      stripeSubscriptionId: "payments",
      subscriptionStatus: "payments",
      subscriptionCurrentPeriodEnd: "payments",
      subscriptionCancelAtPeriodEnd: "payments",
      subscriptionUpdatedAt: "payments",
      subscriptionLapsesAt: "payments",
      cardBrand: "payments",
      cardLast4: "payments",
      totpEnabled: "second-factor",
      passkeyCount: "second-factor",
      newSignInEmails: "account-alerts",
      // Shared by every writer ("*"): Drizzle stamps it on each update, and a write that is no change of the
      // member's details (the last active day, a second factor's flag) sets it to itself to keep it.
      updatedAt: "*",
    },
  },
} as const;

/**
 * Files that write tables they do not own, on purpose, and why: each acts on the whole database once, before
 * the app serves anyone.
 */
export const WRITERS_OF_ANY_TABLE = {
  "server/db/seed.ts":
    "inserts the settings' and content's default rows when they are missing (npm run db:seed)",
  "server/db/reseal-secrets.ts": "re-seals values of an old format in place at start, after the migrations",
} as const;

type Owners = typeof TABLE_OWNERS;
type ColumnOwners<T extends keyof Owners> = Owners[T] extends { columns: infer C } ? C : never;

/**
 * The columns of a table owned by column that `owner` sets, as a key type: a repository types what it sets
 * with it (`Partial<Pick<typeof profiles.$inferInsert, ColumnsOf<"profiles", "profile">>>`), which the lint reads.
 */
export type ColumnsOf<T extends keyof Owners, Owner extends string> = {
  [C in keyof ColumnOwners<T>]: ColumnOwners<T>[C] extends Owner ? C : never;
}[keyof ColumnOwners<T>];
