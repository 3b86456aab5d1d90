import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "tagit-config-"));

describe("loadConfig", () => {
  it("gives a working local app with no variables set", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      stripe: undefined,
      trustProxy: false,
    });
    // APP_SECRET is generated once and kept
    expect(config.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "secret"), "utf8").trim()).toBe(config.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
  });

  it("keeps the generated secret readable by the app's user only, closing one left open to others", () => {
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir });
    expect(modeOf(path.join(dir, "secret"))).toBe(0o600);

    const older = dataDir();
    const secret = path.join(older, "secret");
    writeFileSync(secret, `${"ab".repeat(32)}\n`);
    chmodSync(secret, 0o644);
    expect(loadConfig({ DATA_DIR: older }).appSecret).toBe("ab".repeat(32));
    expect(modeOf(secret)).toBe(0o600);
  });

  it("sizes the PostgreSQL pool and its statement timeout from the environment, with defaults", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).database).toEqual({
      poolSize: 10,
      statementTimeoutMs: 10_000,
    });
    const tuned = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_POOL_SIZE: "25",
      DATABASE_STATEMENT_TIMEOUT_MS: "2500",
    });
    expect(tuned.database).toEqual({ poolSize: 25, statementTimeoutMs: 2_500 });
  });

  it("reads admin e-mails case-insensitively and PUBLIC_URL without a trailing slash", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      PUBLIC_URL: "https://tagit.example/",
      PORT: "8080",
    });
    expect([...config.adminEmails]).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.publicUrl).toBe("https://tagit.example");
    expect(config.port).toBe(8080);
  });

  it.each([
    [{}, true],
    [{ NODE_ENV: "production" }, false],
    [{ NODE_ENV: "production", API_DOCS: "true" }, true],
    [{ API_DOCS: "false" }, false],
    [{ API_DOCS: "0" }, false],
  ])("serves API docs for %j: %s (on outside production unless switched off)", (env, expected) => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), APP_SECRET: "x".repeat(32), PAYMENTS_TEST_MODE: "true", ...env })
        .apiDocs,
    ).toBe(expected);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL /],
    [{ APP_SECRET: "short" }, /^Invalid configuration: APP_SECRET must be at least 32 characters$/],
    [{ STRIPE_SECRET_KEY: "sk_test_1" }, /must be set together/],
    [{ API_DOCS: "yes" }, /^Invalid configuration: API_DOCS /],
    [{ DATABASE_POOL_SIZE: "0" }, /^Invalid configuration: DATABASE_POOL_SIZE /],
    [{ DATABASE_POOL_SIZE: "ten" }, /^Invalid configuration: DATABASE_POOL_SIZE /],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "-1" }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS /],
    [{ SHUTDOWN_TIMEOUT_MS: "soon" }, /^Invalid configuration: SHUTDOWN_TIMEOUT_MS /],
    [{ SHUTDOWN_DRAIN_MS: "-5" }, /^Invalid configuration: SHUTDOWN_DRAIN_MS /],
    [
      { S3_BUCKET: "tagit" },
      /^Invalid configuration: S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing — .* must be set together$/,
    ],
    [{ S3_ENDPOINT: "ftp://store" }, /^Invalid configuration: S3_ENDPOINT /],
    [{ S3_PUBLIC_URL: "https://cdn.example" }, /^Invalid configuration: S3_PUBLIC_URL needs S3_ENDPOINT/],
  ])("stops with a one-line message naming the variable for %j", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrowError(message);
  });
});

describe("loadConfig for the object store", () => {
  const s3 = {
    S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com",
    S3_BUCKET: "tagit-uploads",
    S3_REGION: "eu-west-2",
    S3_ACCESS_KEY_ID: "AKIA0000",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps files on the local disk unless the S3 variables are set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
  });

  it("reads the five S3 variables, an optional public address without its trailing slash, path style by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3, S3_PUBLIC_URL: "https://cdn.example/" }).s3).toEqual({
      endpoint: "https://s3.eu-west-2.amazonaws.com",
      bucket: "tagit-uploads",
      region: "eu-west-2",
      accessKeyId: "AKIA0000",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example",
      forcePathStyle: true,
    });
    const hosted = loadConfig({ DATA_DIR: dataDir(), ...s3, S3_FORCE_PATH_STYLE: "false" }).s3;
    expect(hosted).toMatchObject({ publicUrl: undefined, forcePathStyle: false });
  });
});

describe("loadConfig in production", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_live_1",
    STRIPE_PUBLISHABLE_KEY: "pk_live_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
    STRIPE_PRICE_ID: "price_1",
  };
  const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(32) };

  it("refuses to start without APP_SECRET (no generated fallback)", () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "production", ...stripe })).toThrowError(
      /^Invalid configuration: APP_SECRET must be set when NODE_ENV=production$/,
    );
    expect(() => readFileSync(path.join(dir, "secret"))).toThrow();
  });

  it("refuses to fall back to the test payment provider unless PAYMENTS_TEST_MODE=true", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...production })).toThrowError(
      /^Invalid configuration: STRIPE_SECRET_KEY.*PAYMENTS_TEST_MODE=true/,
    );
    const testMode = loadConfig({ DATA_DIR: dataDir(), ...production, PAYMENTS_TEST_MODE: "true" });
    expect(testMode).toMatchObject({ stripe: undefined, paymentsTestMode: true });
    const live = loadConfig({ DATA_DIR: dataDir(), ...production, ...stripe });
    expect(live).toMatchObject({ stripe: { secretKey: "sk_live_1" }, paymentsTestMode: false });
  });

  it.each(Object.keys(stripe))("treats a missing %s as an error, not as test mode", (missing) => {
    const partial = { ...stripe, [missing]: "" };
    for (const extra of [{}, { PAYMENTS_TEST_MODE: "true" }]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, ...partial, ...extra })).toThrowError(
        new RegExp(`${missing}`),
      );
    }
  });

  it("refuses PAYMENTS_TEST_MODE=true next to real Stripe keys (which one was meant?)", () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ...production, ...stripe, PAYMENTS_TEST_MODE: "true" }),
    ).toThrowError(/PAYMENTS_TEST_MODE/);
  });

  it("keeps the local defaults outside production: test provider, generated secret", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ stripe: undefined, paymentsTestMode: true });
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;

  it.each([
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.0/8, 127.0.0.1", ["10.0.0.0/8", "127.0.0.1"]],
    ["loopback,::1,fd00::/8", ["loopback", "::1", "fd00::/8"]],
  ])("reads %j as %j (a hop count or the proxies' addresses)", (value, expected) => {
    expect(trust(value)).toEqual(expected);
  });

  it.each([
    ["true", /^Invalid configuration: TRUST_PROXY must name the proxies to trust/],
    ["yes", /^Invalid configuration: TRUST_PROXY is not a hop count or a list of addresses\/CIDRs \(yes\)$/],
    ["10.0.0.0/33", /TRUST_PROXY .*\(10\.0\.0\.0\/33\)/],
    ["*", /TRUST_PROXY/],
  ])("refuses %j, never trusting any client-written X-Forwarded-For", (value, message) => {
    expect(() => trust(value)).toThrowError(message);
  });
});
