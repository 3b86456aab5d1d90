import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_REPORT_MIN_ACCOUNT_AGE_HOURS } from "#contract/limits.ts";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "./lib/owner-only.ts";
import { otelVariables, tracingSettings } from "./tracing/otel-variables.ts";
import { parseTrustProxy } from "./trust-proxy.ts";

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
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
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
  METRICS_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65_535).optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_DOCS: z.enum(["true", "false", "1", "0", ""]).default(""),
  PAYMENTS_TEST_MODE: z.enum(["true", "false", "1", "0", ""]).default(""),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  JOBS_FIRST_RUN_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ANONYMOUS_RELEASE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
  ANONYMOUS_RELEASE_JITTER_MINUTES: z.coerce.number().int().min(0).max(1_440).default(30),
  ANONYMOUS_MIN_VISITORS: z.coerce.number().int().min(1).max(100).default(3),
  ANONYMITY_KEY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1_000).default(14),
  REPORT_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(8_760)
    .default(DEFAULT_REPORT_MIN_ACCOUNT_AGE_HOURS),
  ...otelVariables,
});

type Env = z.infer<typeof envSchema>;

/** Every variable the server reads, for checks of files that set them (compose.yaml). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

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

const STRIPE_NAMES = "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID";

const isOn = (flag: string) => flag === "true" || flag === "1";

/**
 * What is wrong with a combination of variables, each fine alone, as the line start-up prints; the first problem
 * found. Variables that belong together (Stripe's four, the object store's five) are set together; test payments
 * are never next to real Stripe keys, and production needs Stripe (or test payments asked for) and APP_SECRET.
 */
function combinationProblem(e: Env): string | undefined {
  const stripeMissing = STRIPE_VARIABLES.filter((name) => !e[name]);
  if (stripeMissing.length > 0 && stripeMissing.length < STRIPE_VARIABLES.length) {
    return `${stripeMissing.join(", ")} missing — ${STRIPE_NAMES} must be set together`;
  }
  const s3Missing = S3_VARIABLES.filter((name) => !e[name]);
  if (s3Missing.length === S3_VARIABLES.length && e.S3_PUBLIC_URL) {
    return `S3_PUBLIC_URL needs ${S3_VARIABLES.join(", ")}`;
  }
  if (s3Missing.length > 0 && s3Missing.length < S3_VARIABLES.length) {
    return `${s3Missing.join(", ")} missing — ${S3_VARIABLES.join(", ")} must be set together`;
  }
  const stripeComplete = stripeMissing.length === 0;
  if (stripeComplete && isOn(e.PAYMENTS_TEST_MODE)) {
    return "PAYMENTS_TEST_MODE=true conflicts with the STRIPE_* keys; unset one";
  }
  if (!stripeComplete && e.NODE_ENV === "production" && !isOn(e.PAYMENTS_TEST_MODE)) {
    return `${STRIPE_NAMES} must be set when NODE_ENV=production (or PAYMENTS_TEST_MODE=true for the test provider)`;
  }
  if (e.NODE_ENV === "production" && !e.APP_SECRET) return "APP_SECRET must be set when NODE_ENV=production";
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) return "METRICS_PORT must differ from PORT";
  return undefined;
}

/** The environment, checked variable by variable and then as a whole, and the configuration it gives. */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    const problem = combinationProblem(e);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    const adminEmails: ReadonlySet<string> = new Set(
      e.ADMIN_EMAILS.split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    );
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID } = e;
    const stripe =
      STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET && STRIPE_PRICE_ID
        ? {
            secretKey: STRIPE_SECRET_KEY,
            publishableKey: STRIPE_PUBLISHABLE_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            priceId: STRIPE_PRICE_ID,
            /** Where the SDK sends API calls; unset → api.stripe.com. For stripe-mock or the tests' stand-in. */
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined;
    const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
    const s3 =
      S3_ENDPOINT && S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? {
            endpoint: S3_ENDPOINT,
            bucket: S3_BUCKET,
            region: S3_REGION,
            accessKeyId: S3_ACCESS_KEY_ID,
            secretAccessKey: S3_SECRET_ACCESS_KEY,
            /** Where the bucket's `public/` files are readable by browsers (a CDN, a public bucket policy). */
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
            /** Bucket in the path (MinIO, Ceph) rather than in the host name. */
            forcePathStyle: e.S3_FORCE_PATH_STYLE !== "false" && e.S3_FORCE_PATH_STYLE !== "0",
          }
        : undefined;
    return {
      env: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      dataDir,
      databaseUrl: e.DATABASE_URL,
      /** PostgreSQL only: connections each instance's pool holds at most, and how long one statement may run. */
      database: { poolSize: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      /** The admin panel unlocks only with a second factor (on unless ADMIN_REQUIRE_SECOND_FACTOR=false). */
      adminRequireSecondFactor: !["false", "0"].includes(e.ADMIN_REQUIRE_SECOND_FACTOR),
      adminEmails,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      /** Where a member asks for help; named in the e-mails about account changes when set. */
      supportEmail: e.SUPPORT_EMAIL,
      stripe,
      /** An S3-compatible object store for uploads; unset → files on the local disk under DATA_DIR/uploads. */
      s3,
      redisUrl: e.REDIS_URL,
      appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
      /** Proxies in front of the app whose X-Forwarded-For is believed: none, a hop count, or their addresses. */
      trustProxy: e.TRUST_PROXY,
      logLevel: e.LOG_LEVEL,
      /** Prometheus metrics at http://HOST:metricsPort/metrics, on a server of their own (unset: no metrics). */
      metricsPort: e.METRICS_PORT,
      /** Serve the OpenAPI document and its reference UI at /docs: unset → on while developing, off in production. */
      apiDocs: e.API_DOCS === "" ? e.NODE_ENV !== "production" : isOn(e.API_DOCS),
      /** No Stripe keys: the built-in test payment provider takes payments (never silently in production). */
      paymentsTestMode: stripe === undefined,
      /** After SIGTERM, how long /readyz answers 503 while all else is served, so a load balancer moves away. */
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      /** Then, how long the requests under way may take before their connections are cut. */
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      /** How long after start-up the scheduled jobs first run (then on their own intervals). */
      jobsFirstRunDelayMs: e.JOBS_FIRST_RUN_DELAY_MS,
      /**
       * Anonymous activity: shown to owners with its time rounded down to `releaseMinutes`, once that bucket has
       * ended plus a random delay of up to `jitterMinutes`, and only from `minVisitors` distinct visitors in a
       * window (else the window widens to the day, then the week); its pseudonym keys rotate every `keyDays`.
       */
      anonymity: {
        releaseMinutes: e.ANONYMOUS_RELEASE_MINUTES,
        jitterMinutes: e.ANONYMOUS_RELEASE_JITTER_MINUTES,
        minVisitors: e.ANONYMOUS_MIN_VISITORS,
        keyDays: e.ANONYMITY_KEY_DAYS,
      },
      /** A daily backup into `directory` (unset: none), keeping the newest `keep` archives. */
      backups: e.BACKUP_DIR ? { directory: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP } : undefined,
      /**
       * A report counts toward the automatic action only from a member whose e-mail is verified and whose account
       * is at least this many hours old when they report (decision 049).
       */
      reportMinAccountAgeHours: e.REPORT_MIN_ACCOUNT_AGE_HOURS,
      /** OpenTelemetry traces over OTLP (unset: off): the standard OTEL_* variables (decision 068). */
      tracing: tracingSettings(e),
    };
  });

/** The server's configuration, as `configSchema` makes it from the environment. */
export type Config = z.infer<typeof configSchema>;

/** Thrown for a bad environment; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

/** Parses the environment once at start-up. Code reads the returned object, never process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path[0];
  throw new ConfigError(
    `Invalid configuration: ${variable === undefined ? "" : `${String(variable)} `}${issue?.message ?? ""}`.trim(),
  );
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
