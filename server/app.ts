import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyReply, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { ERROR_STATUS } from "#contract/errors.ts";
import { MAX_UPLOAD_BYTES } from "#contract/limits.ts";
import type { Config } from "./config.ts";
import { openChangeFeed } from "./db/change-feed.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { ProfileRow } from "./db/schema/index.ts";
import { appJobs } from "./jobs/jobs.ts";
import { oncePerPeriod } from "./jobs/once-per-period.ts";
import { startJobs } from "./jobs/scheduler.ts";
import { errorBody } from "./lib/app-error.ts";
import { createBackgroundTasks } from "./lib/background-tasks.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { configuredStorage } from "./lib/configured-storage.ts";
import { createEventBus } from "./lib/event-bus.ts";
import { loggerOptions } from "./lib/logger-options.ts";
import { configuredMailer, type Mailer } from "./lib/mailer.ts";
import { createProcessingQueue, type ProcessingQueue } from "./lib/processing-queue.ts";
import { fallbackRateLimitStore, localRateLimitStore } from "./lib/rate-limit-store.ts";
import { connectRedis } from "./lib/redis.ts";
import { responseSerializerCompiler } from "./lib/response-serializer.ts";
import type { Storage } from "./lib/storage.ts";
import { createAppMetrics } from "./metrics/app-metrics.ts";
import { httpMetricsPlugin } from "./metrics/http-metrics.ts";
import { registerRoutes } from "./modules/index.ts";
import { createServices } from "./modules/services.ts";
import { admissionPlugin } from "./plugins/admission.ts";
import { apiDocsPlugin } from "./plugins/api-docs/api-docs.ts";
import { authPlugin, sessionCookieName } from "./plugins/auth.ts";
import { controlCharactersPlugin } from "./plugins/control-characters.ts";
import { errorHandlerPlugin } from "./plugins/error-handler.ts";
import { jsonBodyPlugin } from "./plugins/json-body.ts";
import { originCheckPlugin } from "./plugins/origin-check.ts";
import { readYourWritesPlugin } from "./plugins/read-your-writes.ts";
import { recentAuthenticationPlugin } from "./plugins/recent-authentication.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webAppPlugin } from "./plugins/web-app.ts";
import { requestSpansPlugin, tracedChildLogger } from "./tracing/request-spans.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  webRoot?: string;
  storage?: Storage;
  imageQueue?: ProcessingQueue;
};

/** Images decoded at once, and uploads allowed to wait beyond that before a 503 (memory stays bounded). */
const IMAGE_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
const IMAGE_QUEUE_LENGTH = 32;

/** The built web app, dist/web: above the sources (server/app.ts), beside the compiled server (dist/server/). */
const DEFAULT_WEB_ROOT = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../dist/web" : "../web", import.meta.url),
);

/** Builds the whole app without listening: plugins in a fixed order (external, ours, routes). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(deps.logger ?? { level: config.logLevel }),
    bodyLimit: 1024 * 1024,
    // While closing, requests still arriving are refused by the admission plugin, in the app's error shape.
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...(config.tracing && { childLoggerFactory: tracedChildLogger }),
    // Errors raised by the router before any hook runs (a malformed or over-long URL) keep our error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const body =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? errorBody("uri_too_long", "The address is too long")
          : errorBody("validation", "The address is not valid");
      void reply.code(ERROR_STATUS[body.code]).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // The API speaks JSON (and multipart for uploads); a plain-text body is a 415, not a string to validate.
  app.removeContentTypeParser("text/plain");

  const clock = deps.clock ?? systemClock;
  const background = createBackgroundTasks(app.log);
  const mailer = deps.mailer ?? (await configuredMailer(config, app.log));
  // An ADMIN_EMAILS address counts only once its owner proved it (decision 019).
  const isAdmin = (user: ProfileRow) =>
    user.role === "admin" || (user.emailVerified && config.adminEmails.has(user.email));
  // The app closes only the store it opened; an injected one belongs to its caller.
  const ownStorage = deps.storage ? undefined : configuredStorage(config).storage;
  const storage = deps.storage ?? (ownStorage as Storage);
  const imageQueue =
    deps.imageQueue ??
    createProcessingQueue({
      concurrency: IMAGE_CONCURRENCY,
      maxWaiting: IMAGE_QUEUE_LENGTH,
      busyMessage: POST_MESSAGES.busy,
    });
  const connections = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const redis = connections?.client;
  const events = createEventBus(
    connections && { publisher: connections.client, subscriber: connections.subscriber },
  );
  const changes = await openChangeFeed(database);
  const services = createServices({
    config,
    changes,
    db: database.db,
    clock,
    mailer,
    background,
    isAdmin,
    storage,
    imageQueue,
    events,
    redis,
  });
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createAppMetrics({
          database,
          openEventStreams: () => services.liveStreams.size,
          heldAnonymousActivity: services.analyticsService.heldAnonymousActivity,
          clock,
          log: app.log,
        });

  // First, in this order: tracing, errors, metrics and admission see every request; then headers and libraries
  if (config.tracing) await app.register(requestSpansPlugin);
  await app.register(errorHandlerPlugin);
  if (metrics) await app.register(httpMetricsPlugin, { metrics });
  await app.register(admissionPlugin, { waiting: database.waiting, refused: metrics?.admissionRefused });
  app.server.on("connection", database.connectionAccepted);
  const https = config.publicUrl.startsWith("https://");
  await app.register(securityHeadersPlugin, {
    stripeEnabled: Boolean(config.stripe),
    https,
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  // Dynamic answers (JSON, the index.html fallback) in brotli or gzip; the built assets are precompressed at
  // build and served as is (plugins/web-app.ts). /api/events hijacks its reply, so no hook ever buffers it.
  // Request bodies are never inflated: the API takes none compressed.
  await app.register(compress, { encodings: ["br", "gzip"], globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  await app.register(rateLimit, {
    global: false,
    store: redis ? fallbackRateLimitStore(redis, "tagit-rate-limit-") : localRateLimitStore(),
  });

  // Then what every request passes before its route: origin, body, session
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl });
  await app.register(jsonBodyPlugin);
  await app.register(controlCharactersPlugin);
  await app.register(readYourWritesPlugin, { changes });
  await app.register(authPlugin, {
    sessions: services.sessions,
    secureCookies: https,
    isAdmin,
  });
  await app.register(recentAuthenticationPlugin, { sessions: services.sessions });

  if (config.apiDocs) {
    await app.register(apiDocsPlugin, {
      publicUrl: config.publicUrl,
      sessionCookie: sessionCookieName(https),
    });
  }

  // Routes, then the web app and its fallback
  let draining = false;
  await registerRoutes(app, {
    ...services,
    pingDatabase: database.ping,
    draining: () => draining,
    publicUrl: config.publicUrl,
  });
  await app.register(webAppPlugin, {
    webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT,
    profileOf: services.profileService.toProfile,
  });

  const jobs = startJobs(appJobs({ ...services, clock, backups: config.backups }), app.log, {
    takeTurn: oncePerPeriod(database),
    firstRunDelayMs: config.jobsFirstRunDelayMs,
    observe: metrics?.jobs,
  });
  app.decorate("background", background);
  app.decorate("drain", () => {
    draining = true;
  });
  app.decorate("changes", changes);
  app.decorate("jobs", jobs);
  app.decorate("metrics", metrics);
  app.addHook("onClose", async () => {
    await jobs.stop();
    await background.drain();
    await events.close();
    await changes.close();
    redis?.disconnect();
    await ownStorage?.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    background: import("./lib/background-tasks.ts").BackgroundTasks;
    /**
     * Before a shutdown: /readyz answers 503 so the load balancer sends no more work, while everything else is
     * still served (SHUTDOWN_DRAIN_MS; decision 034).
     */
    drain(): void;
    /** What the database says changed, for this instance's caches (decision 030). */
    changes: import("./db/change-feed.ts").ChangeFeed;
    /** The scheduled jobs; `run(name)` runs one now. */
    jobs: ReturnType<typeof import("./jobs/scheduler.ts").startJobs>;
    /** This instance's metrics, when METRICS_PORT is set (main.ts serves them on that port). */
    metrics: import("./metrics/app-metrics.ts").AppMetrics | undefined;
  }
}
