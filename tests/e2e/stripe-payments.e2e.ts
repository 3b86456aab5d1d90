import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { E2E_STRIPE_PORT, E2E_STRIPE_STAND_IN_PORT } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";

const STRIPE_JS = fileURLToPath(new URL("./fixtures/stripe-js-stand-in.js", import.meta.url));

// The app configured with Stripe keys; its SDK calls go to the Stripe stand-in (playwright.config.ts).
test.use({ baseURL: `http://localhost:${E2E_STRIPE_PORT}` });

/**
 * js.stripe.com and api.stripe.com cannot be reached from here: the browser gets the Stripe.js stand-in,
 * and its calls to api.stripe.com go to the same stand-in the server's SDK uses (which then sends the
 * signed webhooks to the app, as Stripe does).
 */
async function routeStripe(page: Page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ path: STRIPE_JS, contentType: "text/javascript" }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${E2E_STRIPE_STAND_IN_PORT}${pathname}${search}`,
    });
    await route.fulfill({ response });
  });
}

async function payWith(page: Page, cardNumber: string) {
  await page.goto("/payments");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await expect(page.getByText("TEST MODE")).toHaveCount(0);
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByRole("button", { name: /^Pay GBP 12/ }).click();
}

test.describe("Premium payments (Stripe Payment Element)", () => {
  test("a free member pays with 4242… and becomes Premium once Stripe's webhook arrives", async ({
    page,
    context,
  }) => {
    await withoutGreeting(context);
    await routeStripe(page);
    await registerMember(page, newMember());
    await expect(page.getByText("Free Member")).toBeVisible();

    await payWith(page, "4242424242424242");
    await expect(page.getByText("Payment Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Premium Member")).toBeVisible();

    await page.goto("/payments");
    await expect(page.getByText("Premium Active")).toBeVisible();
  });

  test("a declined renewal shows the past-due banner; a new card pays it and the member is Premium again", async ({
    page,
    context,
    request,
  }) => {
    await withoutGreeting(context);
    await routeStripe(page);
    const member = newMember();
    await registerMember(page, member);
    await payWith(page, "4242424242424242");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Premium Member")).toBeVisible();

    // Stripe's renewal is declined (the stand-in's stand-in for a test clock); its webhooks reach the app.
    const renewal = await request.post(
      `http://127.0.0.1:${E2E_STRIPE_STAND_IN_PORT}/_control/renewal-fails?email=${encodeURIComponent(member.email)}`,
    );
    expect(renewal.ok()).toBe(true);
    // The banner is in the page's first HTML once the webhooks have been applied.
    const banner = page.getByRole("region", { name: "Payment problem" });
    await expect(async () => {
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(banner).toContainText(/Update your card by \d{1,2} \w+ \d{4} to keep Premium/);

    await banner.getByRole("link", { name: "Update card" }).click();
    await expect(page).toHaveURL(/\/payments\?card=update$/);
    await expect(page.getByRole("heading", { name: "Update your card" })).toBeVisible();
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByRole("button", { name: /^Save card and pay GBP 12/ }).click();
    await expect(page.getByText("Card Updated")).toBeVisible();

    // The open invoice is paid with the new card: Premium again, the banner gone, two paid receipts.
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByText("Visa ending in 4242")).toBeVisible();
    const receipts = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
    await expect(receipts).toHaveCount(2);
    await expect(receipts.filter({ hasText: "Paid" })).toHaveCount(2);
  });

  test("a declined card shows Payment Failed with Stripe's message and the member stays free", async ({
    page,
    context,
  }) => {
    await withoutGreeting(context);
    await routeStripe(page);
    await registerMember(page, newMember());

    await payWith(page, "4000000000000002");
    await expect(page.getByText("Payment Failed")).toBeVisible();
    await expect(page.getByText("Your card was declined.")).toBeVisible();
    await expect(page).toHaveURL(/\/payments$/);
    await page.goto("/dashboard");
    await expect(page.getByText("Free Member")).toBeVisible();
  });

  test("when Stripe.js cannot be loaded the payment step says so, and Try again recovers", async ({
    page,
    context,
  }) => {
    await withoutGreeting(context);
    await registerMember(page, newMember());
    await page.route("https://js.stripe.com/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/payments");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toBeVisible();

    await page.unrouteAll();
    await routeStripe(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByLabel("Card number")).toBeVisible();
  });
});
