import { randomUUID } from "node:crypto";
import { test as base, expect } from "@playwright/test";

let clientCounter = 0;

/**
 * Every test browses as its own client address (the e2e server trusts X-Forwarded-For), and fails on any
 * uncaught error in the page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  context: async ({ context }, use) => {
    clientCounter += 1;
    await context.setExtraHTTPHeaders({
      "x-forwarded-for": `10.77.${clientCounter >> 8}.${clientCounter & 255}`,
    });
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
