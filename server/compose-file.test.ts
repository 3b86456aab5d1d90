import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { OPERATOR_VALUES } from "#server/test/compose-operator-values.ts";
import { CONFIG_VARIABLES, loadConfig } from "./config.ts";
import { parseTrustProxy } from "./trust-proxy.ts";

// compose.yaml cannot be started here (its images cannot be pulled), so it is checked by reading it: what it
// sets for the apps is what server/config.ts reads and accepts, and Caddy in front matches TRUST_PROXY.
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

type Service = {
  image: string;
  environment?: Record<string, string>;
  ports?: string[];
  entrypoint?: string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const caddyfile = read("deploy/Caddyfile");
const envExample = read("compose.env.example");

const apps = Object.entries(compose.services).filter(([, service]) => service.image.includes("tagit:local"));
const appEnvironment = (name: string) => compose.services[name]?.environment ?? {};

/** What compose makes of `${NAME}`, `${NAME:-default}` and `${NAME:?error}` with these variables. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_whole, name: string, kind?: string, rest = "") => {
      const set = variables[name];
      if (set) return set;
      if (kind === "?") throw new Error(`${name}: ${rest}`);
      return kind === "-" ? rest : "";
    },
  );
}

/** The names compose.env.example offers. */
const exampleNames = [...envExample.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1] ?? "");

describe("compose.yaml", () => {
  it("runs two app instances with the same settings", () => {
    expect(apps.map(([name]) => name)).toEqual(["app1", "app2"]);
    expect(appEnvironment("app1")).toEqual(appEnvironment("app2"));
    expect(Object.keys(compose.services).sort()).toEqual(
      ["app1", "app2", "caddy", "minio", "minio-bucket", "postgres", "redis"].sort(),
    );
  });

  it("sets only variables that server/config.ts reads", () => {
    for (const [, app] of apps) {
      const unknown = Object.keys(app.environment ?? {}).filter((name) => !CONFIG_VARIABLES.includes(name));
      expect(unknown).toEqual([]);
    }
  });

  it("gives the apps a configuration the server accepts once the operator fills in .env", () => {
    const environment = Object.fromEntries(
      Object.entries(appEnvironment("app1")).map(([name, value]) => [
        name,
        interpolate(String(value), OPERATOR_VALUES),
      ]),
    );
    const config = loadConfig(environment);
    expect(config).toMatchObject({
      env: "production",
      publicUrl: "https://tagit.example.org",
      redisUrl: "redis://redis:6379",
      s3: { endpoint: "http://minio:9000", bucket: "tagit", forcePathStyle: true },
      trustProxy: 1,
    });
    expect(config.databaseUrl).toBe("postgres://tagit:a-database-password@postgres:5432/tagit");
  });

  it("refuses to start while a secret is left unset, naming it", () => {
    const { APP_SECRET: _, ...withoutSecret } = OPERATOR_VALUES;
    expect(() => interpolate(String(appEnvironment("app1").APP_SECRET), withoutSecret)).toThrow(
      "APP_SECRET: set APP_SECRET in .env",
    );
  });

  it("asks in compose.env.example for every value it takes from the operator, and for no other", () => {
    const used = new Set([...read("compose.yaml").matchAll(/\$\{(\w+)/g)].map((match) => match[1]));
    used.delete("TAGIT_IMAGE"); // the image to run: tagit:local unless the operator names a registry's
    expect(new Set(exampleNames)).toEqual(used);
    // Placeholders only: the example holds no value that could pass for a secret.
    expect(envExample).not.toMatch(/^[A-Z_]+=.+$/m);
  });

  it("creates the bucket the apps use", () => {
    const script = compose.services["minio-bucket"]?.entrypoint?.join(" ") ?? "";
    expect(script).toContain(`mc mb --ignore-existing tagit/${appEnvironment("app1").S3_BUCKET}`);
  });
});

describe("Caddy in front (deploy/Caddyfile)", () => {
  it("is the only way in: the apps publish no port, Caddy publishes HTTP and HTTPS", () => {
    for (const [, app] of apps) expect(app.ports).toBeUndefined();
    expect(compose.services.caddy?.ports).toEqual(["80:80", "443:443", "443:443/udp"]);
  });

  it("balances over both instances, leaving one that drains, and TRUST_PROXY believes its one hop only", () => {
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000 \{/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    // Caddy sees the 503 of /readyz before the instance stops serving.
    const interval = Number(caddyfile.match(/health_interval (\d+)s/)?.[1]) * 1000;
    expect(Number(appEnvironment("app1").SHUTDOWN_DRAIN_MS)).toBeGreaterThan(interval);
    // Caddy trusts no proxy before it, so it writes X-Forwarded-For itself: one hop, never "any".
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies/m);
    expect(parseTrustProxy(String(appEnvironment("app1").TRUST_PROXY))).toBe(1);
  });
});
