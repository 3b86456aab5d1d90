import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { authPlugin } from "./auth.ts";
import { errorHandlerPlugin } from "./error-handler.ts";
import { originCheckPlugin } from "./origin-check.ts";
import { webAppPlugin } from "./web-app.ts";

const authOptions = { sessions: {} as never, secureCookies: false, isAdmin: () => false };

describe("our plugins name what they rely on", () => {
  it("refuses to boot when a plugin is registered before one it depends on", async () => {
    const noCookie = Fastify({ logger: false });
    noCookie.register(errorHandlerPlugin).register(authPlugin, authOptions);
    await expect(noCookie.ready()).rejects.toThrow(/@fastify\/cookie/);

    const noErrorHandler = Fastify({ logger: false });
    noErrorHandler.register(originCheckPlugin, { publicUrl: "http://localhost:3000" });
    await expect(noErrorHandler.ready()).rejects.toThrow(/tagit-error-handler/);

    const noRateLimit = Fastify({ logger: false });
    noRateLimit.register(errorHandlerPlugin).register(webAppPlugin, {
      webRoot: "/nonexistent",
      profileOf: () => {
        throw new Error("no page is rendered here");
      },
    });
    await expect(noRateLimit.ready()).rejects.toThrow(/@fastify\/rate-limit/);
  });
});
