import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { createPostThroughApi, registerThroughApi } from "./api-steps.ts";
import { PHOTO } from "./constants.ts";
import type { newMember } from "./fixtures.ts";

type Member = ReturnType<typeof newMember>;

/** The greeting appears 1 s after the dashboard loads; tests about other things switch it off first. */
export async function withoutGreeting(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("tagit.hideGreeting", "true"));
}

/**
 * Closes a dialog with Escape the way a member would, pressing again until it is gone: an Escape that lands
 * while a confirmation above it is still fading out, or while a toast holds focus, closes nothing.
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/**
 * Registers the member through the API (the page's browser context is then signed in as them) and opens their
 * dashboard. The registration screen has journeys of its own (accounts.e2e.ts), which use `registerOnScreen`.
 */
export async function registerMember(page: Page, member: Member) {
  await registerThroughApi(page.context(), member);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Registers through the auth screen and waits for the dashboard. */
export async function registerOnScreen(page: Page, member: Member) {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("First Name").fill(member.firstName);
  await page.getByLabel("Last Name").fill(member.lastName);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm Password").fill(member.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Publishes a post with the fixture photo through the API (scrambled if asked) and opens the dashboard. The
 * create-post screen has journeys of its own (posts.e2e.ts, and montage.e2e.ts's scrambled post), which use
 * `createPostOnScreen`.
 */
export async function createPost(page: Page, postName: string, options: { scramble?: boolean } = {}) {
  await createPostThroughApi(page.context(), postName, options);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Publishes a post with the fixture photo from /create-post (scrambled if asked) and returns to the dashboard. */
export async function createPostOnScreen(page: Page, postName: string, options: { scramble?: boolean } = {}) {
  await page.goto("/create-post");
  await page.getByLabel("Post name").fill(postName);
  await expect(page.getByText("This name is available")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Photo" }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(page.getByRole("img", { name: "Preview of your photo" })).toBeVisible();
  if (options.scramble) await page.getByRole("switch", { name: "Scramble image" }).click();
  const create = page.getByRole("button", { name: "Create Post" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Fills the TEST MODE card form with `cardNumber`, expiring five years after the real today (the test provider
 * refuses an expired card, and a fixed year would pass one day), and presses Pay.
 */
export async function payWithTestCard(page: Page, cardNumber = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("MM").fill("12");
  await page.getByLabel("YY").fill(String((new Date().getUTCFullYear() + 5) % 100).padStart(2, "0"));
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay GBP 12/ }).click();
}
