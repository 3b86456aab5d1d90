import type { Page } from "@playwright/test";
import { E2E_STRIPE_PORT } from "./support/constants.ts";
import { expect, test } from "./support/fixtures.ts";

/** What the browser says about the page's Permissions-Policy header (an unknown feature is an error). */
function policyComplaints(page: Page) {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/permissions.policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

test("the web app's scripts come without source maps, under a Permissions-Policy the browser accepts", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.url());
  });
  const complaints = policyComplaints(page);

  // The app's scripts load after the first paint, so on a busy machine the network can fall quiet before they
  // are asked for: wait for the first one rather than for quiet alone.
  const firstScript = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".js"));
  const answer = await page.goto("/");
  expect(answer?.headers()["permissions-policy"]).toContain("camera=()");
  await firstScript;
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    expect(await (await page.request.get(url)).text()).not.toContain("sourceMappingURL");
    expect((await page.request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
  }
  expect(complaints, "the browser's complaints about the Permissions-Policy").toEqual([]);
});

test("with Stripe configured, the browser accepts the policy that leaves payment to Stripe's frames", async ({
  page,
}) => {
  const complaints = policyComplaints(page);
  const answer = await page.goto(`http://localhost:${E2E_STRIPE_PORT}/`);
  expect(answer?.headers()["permissions-policy"]).toContain('payment=(self "https://js.stripe.com")');
  await page.waitForLoadState("networkidle");
  expect(complaints, "the browser's complaints about the Permissions-Policy").toEqual([]);
});
