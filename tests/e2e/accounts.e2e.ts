import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerOnScreen } from "./support/member-steps.ts";
import { resetLinkFor } from "./support/outbox.ts";

test("a member registers, logs out, logs in, resets a forgotten password and is signed in", async ({
  page,
}) => {
  const member = newMember();
  const fullName = `${member.firstName} ${member.lastName}`;

  await test.step("register", async () => {
    await registerOnScreen(page, member);
    await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
    await expect(page.getByText("Free Member")).toBeVisible();
  });

  await test.step("log out", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Please log in to access the dashboard")).toBeVisible();
  });

  await test.step("log in", async () => {
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("ask for a reset link", async () => {
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in form has an Email field too: fill the new page's once it is there, not the old one's.
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  });

  await test.step("open the link from the e-mail and choose a new password", async () => {
    await page.goto(await resetLinkFor(member.email));
    // The token leaves the address bar (and the history) as the page opens; the page keeps it in memory.
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel("New Password", { exact: true }).fill("second secret");
    await page.getByLabel("Confirm New Password").fill("second secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
  });

  await test.step("the old password no longer works", async () => {
    const response = await page.request.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(401);
  });
});

/**
 * The page as rendered now, without its scripts, in a second tab of the same origin (styles load as usual).
 * axe schedules its work with timers, which a paused clock holds still, and with the clock running /tagg
 * would move on to /auth mid-analysis.
 */
async function frozenCopy(page: Page, browser: Browser, baseURL?: string): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  // A context of its own: the paused clock belongs to the first one.
  const copy = await (await browser.newContext({ baseURL })).newPage();
  await copy.route("**/e2e-frozen-copy", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await copy.goto("/e2e-frozen-copy");
  return copy;
}

test("/tagg?ref= shows the disabled registration form with the referral banner, then leads to /auth", async ({
  page,
  browser,
  baseURL,
}) => {
  // Time stands still while the page is checked, so its 2 s redirect to /auth cannot race the assertions.
  await page.clock.install();
  await page.goto("/tagg?ref=FRIEND42");
  // A little ahead of the page's clock, well before the 2 s redirect; on a busy machine the page's time may
  // already have passed a target taken a moment earlier, so take it again.
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 300);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }

  await test.step("the five fields are labelled and disabled, and so is the submit button", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Register Your Tagg" })).toBeVisible();
    for (const label of ["First Name", "Last Name", "Tagg", "Reason", "Email"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(page.getByRole("button", { name: "Register Tagg" })).toBeDisabled();
    await expect(page.getByText("Registration Temporarily Disabled")).toBeVisible();
  });

  await test.step("the referral banner names the code; axe finds nothing serious", async () => {
    await expect(page.getByRole("note")).toContainText("FRIEND42");
    const copy = await frozenCopy(page, browser, baseURL);
    await expect(copy.getByLabel("Reason", { exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(copy, "/tagg?ref=");
    await copy.context().close();
    await expect(page).toHaveURL(/\/tagg\?ref=FRIEND42$/);
  });

  await test.step("the button leads to /auth, where the code is applied", async () => {
    await page.getByRole("link", { name: "Go to registration" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("note")).toContainText("FRIEND42");
  });

  await test.step("left alone, /tagg moves on to /auth after 2 s", async () => {
    await page.goto("/tagg");
    // A little ahead of the page's clock, well before the 2 s redirect; on a busy machine the page's time may
    // already have passed a target taken a moment earlier, so take it again.
    for (let attempt = 0; ; attempt++) {
      try {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 300);
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
    await expect(page.getByRole("heading", { level: 1, name: "Register Your Tagg" })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/auth$/);
  });
});
