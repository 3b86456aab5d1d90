// The product's business constants, shared by server and web. Names say what the number limits.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 500;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const TAGG_MIN_LENGTH = 3;
export const TAGG_MAX_LENGTH = 30;

export const SHORTCUT_LABEL_MAX_LENGTH = 30;
export const MAX_SHORTCUTS = 12;

export const SESSION_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** The set-password link of a profile an administrator created (a reset token that lives longer). */
export const INVITATION_TTL_DAYS = 7;
/**
 * Telling a member about a sign-in from a new place: a "Wasn't me" link works once within `linkDays`; each member
 * keeps at most `placesKept` places (network and browser), each forgotten `placeDays` after its last sign-in.
 */
export const SIGN_IN_ALERTS = { linkDays: 7, placesKept: 20, placeDays: 180 } as const;
/**
 * An admin unlock lasts while it is used: it ends this many minutes after the last admin call (sliding), at
 * Lock, or when the member session that opened it ends. Every tab of the browser shares it.
 */
export const ADMIN_SESSION_IDLE_MINUTES = 30;
/**
 * A recent sign-in: changes that need one (deleting the account, requesting a payout, the second factor) need
 * a sign-in, or the member confirming it is them, within this many minutes; otherwise 403 `reauth_required`.
 */
export const RECENT_AUTHENTICATION_MINUTES = 10;

/**
 * Wrong passwords at the admin panel's unlock, counted per account whatever address they come from: from the
 * `lockoutAfter`th in a row on, each one locks the unlock for `lockoutMs` (429), and the `signOutAfter`th in a
 * row ends the member session that sent it. A right password starts the count again.
 */
export const ADMIN_UNLOCK_GUESSES = { lockoutAfter: 5, lockoutMs: 15 * 60_000, signOutAfter: 10 } as const;

/**
 * The authenticator app (TOTP, RFC 6238): SHA-1, 6 digits, 30-second steps, a code of the step before or after
 * also accepted (clock skew), and each step's code only once. An unconfirmed setup lasts SETUP_MINUTES.
 */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  skewSteps: 1,
  setupMinutes: 15,
  issuer: "Tagit",
} as const;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waiting for its second factor: how long it lasts, and how many wrong codes end it. */
export const PENDING_SIGN_IN = { minutes: 5, wrongCodes: 5 } as const;
/**
 * Wrong codes per account from every sign-in, address and instance together: from the tenth in a row, each locks
 * code entry for 15 minutes (a password thief cannot walk the code space by starting new sign-ins).
 */
export const CODE_GUESSES = { lockoutAfter: 10, lockoutMs: 15 * 60_000 } as const;
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const MAX_PASSKEYS = 20;
/** How many members one member may block. */
export const MAX_BLOCKS = 1_000;
/**
 * Blocks and unblocks one member may make in a UTC day, each counting one (decision 072): too few to block
 * suspects one by one until a visitor gives themselves away, plenty for someone being watched.
 */
export const MAX_BLOCK_CHANGES_PER_DAY = 20;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PREMIUM_PRICE_MINOR = 1200;
export const PREMIUM_CURRENCY = "GBP";
/**
 * After a renewal fails, Premium stays this many days from the renewal date while the provider retries the
 * card; then the subscription lapses (Stripe: set "Manage failed payments" to cancel after 2 weeks).
 */
export const PAST_DUE_GRACE_DAYS = 14;
/** A referral earns commission only when the referred member's first payment comes within this many days. */
export const REFERRAL_ATTRIBUTION_DAYS = 30;
/** A referral code, after trimming. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

export const HIDE_MODE_MIN_UNIQUE_VIEWS = 5;
export const PAUSE_HOURS = 48;
export const MIN_TRACKED_TERM_LENGTH = 3;
export const DUPLICATE_SEARCH_WINDOW_MS = 5_000;
export const NOTIFICATION_DEDUP_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * The repeated-search alert: when one named visitor's searches and views of a member's posts reach `events`
 * within `days`, the member is told once; the same visitor can set it off again only `days` later.
 */
export const REPEATED_SEARCH_ALERT = { events: 5, days: 7 } as const;
export const MAX_NOTIFICATIONS_SHOWN = 10;

export const DEFAULT_SECTION_CODE = 199;
export const DEFAULT_THEME = "blue";
export const DEFAULT_WALLPAPER_POSITION = "50,50";
export const DEFAULT_REPORT_THRESHOLD = 10;
/**
 * A report counts toward the automatic action only when, at the moment it is made, its reporter's e-mail is
 * verified and their account is at least this many hours old (the server's REPORT_MIN_ACCOUNT_AGE_HOURS, this by
 * default; decision 049). Other reports are kept and shown in the queue.
 */
export const DEFAULT_REPORT_MIN_ACCOUNT_AGE_HOURS = 24;
/**
 * The report queue flags a burst (decision 049): at least `minAccounts` of a post's reports come from accounts
 * created within `windowMinutes` of each other, each of them less than `newAccountDays` old when it reported.
 */
export const REPORT_BURST = { minAccounts: 3, windowMinutes: 60, newAccountDays: 7 } as const;
export const DEFAULT_COMMISSION_PERCENTAGE = "10.00";

/** Timing rules of the web app: toasts, tooltips, polls and redirect delays. */
export const TIMING = {
  toastDurationMs: 5_000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  authRedirectMs: 300,
  mobileHomeRedirectMs: 500,
  mobileAuthSettleMs: 100,
  mobileSessionPollMs: 30_000,
  analyticsPollMs: 3_000,
  resetWithUserRedirectMs: 2_000,
  resetWithoutUserRedirectMs: 3_000,
  profileDeleteRedirectMs: 2_000,
  sessionExpiredRedirectMs: 2_000,
  nameCheckDebounceMs: 500,
  greetingDelayMs: 1_000,
  flashHighlightMs: 3_000,
  paymentSuccessRedirectMs: 2_000,
} as const;

/** Request budgets per client. Windows are in milliseconds. */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 15 * 60_000 },
  /** The second step of a sign-in, and a sign-in with a passkey, per client. */
  secondFactor: { max: 20, windowMs: 15 * 60_000 },
  passkeySignIn: { max: 20, windowMs: 15 * 60_000 },
  /** WebAuthn options (each stores a challenge), per client. */
  passkeyOptions: { max: 30, windowMs: 15 * 60_000 },
  register: { max: 5, windowMs: 60 * 60_000 },
  forgotPassword: { max: 5, windowMs: 60 * 60_000 },
  /**
   * Reset requests per e-mail address, from every client together (on top of `forgotPassword` per client), so
   * nobody can fill one mailbox with reset mails from many addresses. Counted the same for an address with
   * an account and one without, so the limit tells nobody which addresses have an account.
   */
  forgotPasswordPerAddress: { max: 3, windowMs: 60 * 60_000 },
  resetPassword: { max: 10, windowMs: 15 * 60_000 },
  /** Redeeming "Wasn't me" links, per client: each is a long random token, so this only slows guessing. */
  wasntMe: { max: 10, windowMs: 15 * 60_000 },
  /** Failed admin unlocks per address (a successful unlock spends nothing); the account has its own count. */
  adminSession: { max: 10, windowMs: 15 * 60_000 },
  /** Image uploads per member (post photos, avatars, wallpapers): plenty for a person, not for a script. */
  upload: { max: 20, windowMs: 10 * 60_000 },
  /** Unknown routes (the 404 fallback, which also serves the web app's pages): generous for a browser. */
  notFound: { max: 300, windowMs: 60_000 },
  /** Per member: a new verification link at most this often. */
  resendVerification: { max: 3, windowMs: 60 * 60_000 },
  verifyEmail: { max: 10, windowMs: 15 * 60_000 },
  /**
   * Sign-in attempts per account, from every client together (on top of `login` per client). The window is
   * short so nobody can lock a member out for long; decision 019.
   */
  loginPerAccount: { max: 10, windowMs: 5 * 60_000 },
  /** Calls that carry a current password (PUT /api/profile, confirming an e-mail change), per member. */
  currentPassword: { max: 5, windowMs: 15 * 60_000 },
  /** check-tagg and check-post-name per member: enough to type names, too few to walk a dictionary. */
  nameCheck: { max: 60, windowMs: 5 * 60_000 },
  /** Public search per member (or per client when signed out). */
  publicSearch: { max: 60, windowMs: 5 * 60_000 },
  /** Recording a search or a view (open to visitors who are not signed in), per client. */
  tracking: { max: 120, windowMs: 60_000 },
} as const;

/**
 * How deeply arrays and objects may nest in a JSON request body. No request of ours nests past a few levels;
 * a deeper body is refused before it is parsed, so it cannot exhaust the stack of code that walks it.
 */
export const JSON_MAX_DEPTH = 64;

/** Live event streams (GET /api/events) one instance holds open: per member, and in all. */
export const LIVE_STREAMS = { perMember: 3, total: 16_000 } as const;

/** Admin lists (`?search=&limit=&cursor=`): page size when none is asked for, and the most one page holds. */
export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 200;
/** An admin list's `total` counts matching rows up to this many; past it the answer says `totalCapped` ("1,000+"). */
export const ADMIN_LIST_TOTAL_CAP = 1_000;

/** Data cleanup: the databases it searches and the inactivity choices, in days. */
export const CLEANUP_DATABASES = ["taggs", "profiles", "posts", "sessions"] as const;
export const CLEANUP_DAYS = [30, 60, 90] as const;
/** The most items one cleanup search answers (the oldest first) and one cleanup delete takes. */
export const CLEANUP_MAX_ITEMS = 500;
/** An item's identifier is its tagg, e-mail, or the first this-many characters of its content. */
export const CLEANUP_IDENTIFIER_LENGTH = 50;
/** A cleanup run's one audit row lists this many of the ids it deleted, then says how many it left out. */
export const CLEANUP_AUDIT_IDS = 100;
