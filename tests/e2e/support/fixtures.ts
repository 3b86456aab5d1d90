import { randomUUID } from "node:crypto";
import { test as base, expect } from "@playwright/test";

let clientCounter = 0;

/**
 * A client address no other browser context of this run presents (the e2e server trusts X-Forwarded-For, and
 * limits requests per address): its second octet is the worker's, as workers run side by side.
 */
export function newClientAddress() {
  clientCounter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;
  return `10.${100 + worker}.${clientCounter >> 8}.${clientCounter & 255}`;
}

/** Every test browses as its own client address, and fails on any uncaught error in the page. */
export const test = base.extend<{ pageErrors: string[] }>({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": newClientAddress() });
    await use(context);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function newMember() {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: "Grace",
    lastName: `Hopper${id}`,
    email: `grace-${id}@e2e.tagit.test`,
    password: "first secret",
  };
}
