import { defineConfig } from "@playwright/test";
import { ADMIN_SECTIONS } from "./tests/e2e/support/admin-sections.ts";
import {
  APPEAL_JOURNEY_WIDTHS,
  appealAdminEmails,
  E2E_ADMIN_EMAILS,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SITE_SETTINGS_DATA_DIR,
  E2E_SITE_SETTINGS_PORT,
  E2E_STRIPE,
  E2E_STRIPE_DATA_DIR,
  E2E_STRIPE_PORT,
  E2E_STRIPE_STAND_IN_PORT,
  layoutAdminEmail,
} from "./tests/e2e/support/constants.ts";

const baseURL = `http://localhost:${E2E_PORT}`;
const stripeBaseURL = `http://localhost:${E2E_STRIPE_PORT}`;
const siteSettingsBaseURL = `http://localhost:${E2E_SITE_SETTINGS_PORT}`;

/** The journeys that change what every member sees: on an app of their own, one at a time. */
const SITE_SETTINGS_JOURNEYS = [
  "**/admin-content.e2e.ts",
  "**/admin-settings.e2e.ts",
  "**/admin-affiliate-settings.e2e.ts",
  "**/admin-report-settings.e2e.ts",
];
/** A fresh embedded database for every run; the built web app is served by the API process. */
const freshApp = (dataDir: string) =>
  `node -e "require('fs').rmSync('${dataDir}',{recursive:true,force:true})" && tsx server/main.ts`;
const appEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  // Each test presents its own client address (X-Forwarded-For) so rate limits apply per test: the browser
  // on this machine stands where a reverse proxy would, so loopback is the one proxy trusted.
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "warn",
  // A verified reporter's report counts at once (the age rule is tested in the API tests): the appeal journey's
  // post reaches the threshold from reporters registered as it runs. An unverified reporter's still does not.
  REPORT_MIN_ACCOUNT_AGE_HOURS: "0",
  // Each test that needs an administrator registers one of these (tests/e2e/support/constants.ts).
  ADMIN_EMAILS: [
    ...Object.values(E2E_ADMIN_EMAILS),
    ...APPEAL_JOURNEY_WIDTHS.flatMap((width) => Object.values(appealAdminEmails(width))),
    ...[...ADMIN_SECTIONS.map((section) => section.id), "sections"].map(layoutAdminEmail),
  ].join(","),
});

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  // Two at a time, in any order: each journey sets up its own members and rows, and asserts on them alone.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Generous, for a loaded two-core machine: two journeys, two browsers and the servers share it, and a slow
  // step must not read as a failure (a wrong page still fails, only later).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The site-settings journeys first: one worker goes through them while the other takes the rest.
  projects: [
    {
      name: "site-settings",
      testMatch: SITE_SETTINGS_JOURNEYS,
      use: { baseURL: siteSettingsBaseURL },
      workers: 1,
      fullyParallel: false,
    },
    { name: "journeys", testIgnore: SITE_SETTINGS_JOURNEYS },
  ],
  webServer: [
    {
      command: freshApp(E2E_DATA_DIR),
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: appEnv(E2E_PORT, E2E_DATA_DIR),
    },
    {
      command: freshApp(E2E_SITE_SETTINGS_DATA_DIR),
      url: `${siteSettingsBaseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: appEnv(E2E_SITE_SETTINGS_PORT, E2E_SITE_SETTINGS_DATA_DIR),
    },
    {
      // Stripe's API, offline: the real SDK in the app and Stripe.js's confirmation call both reach it.
      command: "tsx tests/e2e/support/stripe-stand-in-server.ts",
      url: `http://127.0.0.1:${E2E_STRIPE_STAND_IN_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: freshApp(E2E_STRIPE_DATA_DIR),
      url: `${stripeBaseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...appEnv(E2E_STRIPE_PORT, E2E_STRIPE_DATA_DIR),
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: E2E_STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_PRICE_ID: E2E_STRIPE.priceId,
        STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_STAND_IN_PORT}`,
      },
    },
  ],
});
