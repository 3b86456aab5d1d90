import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_REPORT_MIN_ACCOUNT_AGE_HOURS } from "#contract/limits.ts";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "./lib/owner-only.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADMIN_EMAILS: z.string().default(""),
  ADMIN_REQUIRE_SECOND_FACTOR: z.enum(["true", "false", "1", "0", ""]).default(""),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default("Tagit <no-reply@tagit.local>"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0", ""]).default(""),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  APP_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "object" && "error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_DOCS: z.enum(["true", "false", "1", "0", ""]).default(""),
  PAYMENTS_TEST_MODE: z.enum(["true", "false", "1", "0", ""]).default(""),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  JOBS_FIRST_RUN_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ANONYMOUS_RELEASE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
  ANONYMOUS_RELEASE_JITTER_MINUTES: z.coerce.number().int().min(0).max(1_440).default(30),
  ANONYMITY_KEY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REPORT_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(8_760)
    .default(DEFAULT_REPORT_MIN_ACCOUNT_AGE_HOURS),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections each instance's pool holds at most, and how long one statement may run. */
  database: { poolSize: number; statementTimeoutMs: number };
  publicUrl: string;
  /** The admin panel unlocks only with a second factor (on unless ADMIN_REQUIRE_SECOND_FACTOR=false). */
  adminRequireSecondFactor: boolean;
  adminEmails: ReadonlySet<string>;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        priceId: string;
        /** Where the SDK sends API calls; unset → api.stripe.com. For stripe-mock or the tests' stand-in. */
        apiUrl: string | undefined;
      }
    | undefined;
  /** An S3-compatible object store for uploads; unset → files on the local disk under DATA_DIR/uploads. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        /** Where the bucket's `public/` files are readable by browsers (a CDN, a public bucket policy). */
        publicUrl: string | undefined;
        /** Bucket in the path (MinIO, Ceph) rather than in the host name. */
        forcePathStyle: boolean;
      }
    | undefined;
  redisUrl: string | undefined;
  appSecret: string;
  /** Proxies in front of the app whose X-Forwarded-For is believed: none, a hop count, or their addresses. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Serve the OpenAPI document and its reference UI at /docs. */
  apiDocs: boolean;
  /** No Stripe keys: the built-in test payment provider takes payments (never silently in production). */
  paymentsTestMode: boolean;
  /** After SIGTERM, how long /readyz answers 503 while all else is served, so a load balancer moves away. */
  shutdownDrainMs: number;
  /** Then, how long the requests under way may take before their connections are cut. */
  shutdownTimeoutMs: number;
  /** How long after start-up the scheduled jobs first run (then on their own intervals). */
  jobsFirstRunDelayMs: number;
  /**
   * Anonymous activity: shown to owners with its time rounded down to `releaseMinutes`, once that bucket has
   * ended plus a random delay of up to `jitterMinutes`; its pseudonym keys rotate every `keyDays`.
   */
  anonymity: { releaseMinutes: number; jitterMinutes: number; keyDays: number };
  /**
   * A report counts toward the automatic action only from a member whose e-mail is verified and whose account is
   * at least this many hours old when they report (decision 049).
   */
  reportMinAccountAgeHours: number;
};

/** Thrown for a bad environment; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

/** Parses the environment once at start-up. Code reads the returned object, never process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0])} ${issue?.message ?? ""}`.trim());
  }
  const e = parsed.data;
  const stripeValues = [
    e.STRIPE_SECRET_KEY,
    e.STRIPE_PUBLISHABLE_KEY,
    e.STRIPE_WEBHOOK_SECRET,
    e.STRIPE_PRICE_ID,
  ];
  const stripeSet = stripeValues.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < 4) {
    const missing = STRIPE_VARIABLES.filter((_, index) => !stripeValues[index]).join(", ");
    throw new ConfigError(
      `Invalid configuration: ${missing} missing — STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together`,
    );
  }
  const s3 = s3Settings(e);
  const paymentsTestMode = checkPaymentsMode(e.NODE_ENV, stripeSet === 4, e.PAYMENTS_TEST_MODE);
  if (e.NODE_ENV === "production" && !e.APP_SECRET) {
    throw new ConfigError("Invalid configuration: APP_SECRET must be set when NODE_ENV=production");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    database: { poolSize: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    adminRequireSecondFactor: !["false", "0"].includes(e.ADMIN_REQUIRE_SECOND_FACTOR),
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      stripeSet === 4
        ? {
            secretKey: e.STRIPE_SECRET_KEY as string,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
            priceId: e.STRIPE_PRICE_ID as string,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    s3,
    redisUrl: e.REDIS_URL,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    // Unset → on while developing, off in production (where it can still be switched on).
    apiDocs: e.API_DOCS === "" ? e.NODE_ENV !== "production" : e.API_DOCS === "true" || e.API_DOCS === "1",
    paymentsTestMode,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobsFirstRunDelayMs: e.JOBS_FIRST_RUN_DELAY_MS,
    anonymity: {
      releaseMinutes: e.ANONYMOUS_RELEASE_MINUTES,
      jitterMinutes: e.ANONYMOUS_RELEASE_JITTER_MINUTES,
      keyDays: e.ANONYMITY_KEY_DAYS,
    },
    reportMinAccountAgeHours: e.REPORT_MIN_ACCOUNT_AGE_HOURS,
  };
}

const STRIPE_VARIABLES = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_ID",
] as const;

const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

/** The object store: its five variables all set or none, S3_PUBLIC_URL only beside them. */
function s3Settings(e: z.infer<typeof envSchema>): Config["s3"] {
  const missing = S3_VARIABLES.filter((name) => !e[name]);
  if (missing.length === S3_VARIABLES.length) {
    if (e.S3_PUBLIC_URL) {
      throw new ConfigError(`Invalid configuration: S3_PUBLIC_URL needs ${S3_VARIABLES.join(", ")}`);
    }
    return undefined;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(", ")} missing — ${S3_VARIABLES.join(", ")} must be set together`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    forcePathStyle: e.S3_FORCE_PATH_STYLE !== "false" && e.S3_FORCE_PATH_STYLE !== "0",
  };
}

/** Test payments only when asked for, or by default outside production; never next to real Stripe keys. */
function checkPaymentsMode(env: Config["env"], stripeComplete: boolean, flag: string): boolean {
  const explicit = flag === "true" || flag === "1";
  if (stripeComplete) {
    if (explicit) {
      throw new ConfigError(
        "Invalid configuration: PAYMENTS_TEST_MODE=true conflicts with the STRIPE_* keys; unset one",
      );
    }
    return false;
  }
  if (env === "production" && !explicit) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set when NODE_ENV=production (or PAYMENTS_TEST_MODE=true for the test provider)",
    );
  }
  return true;
}

/**
 * APP_SECRET unset → one generated secret kept in DATA_DIR/secret, so restarts keep hashes and ciphertexts
 * valid. Only the app's user may read it: a secret file others can read (copied, or written by hand) is closed.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o777) !== OWNER_ONLY_FILE) chmodSync(file, OWNER_ONLY_FILE);
    return readFileSync(file, "utf8").trim();
  }
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: OWNER_ONLY_FILE, flag: "wx" });
  return secret;
}
