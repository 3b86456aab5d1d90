import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";

const PERIOD_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/**
 * The member's authenticator app, in the test process: codes from the key, as a phone would show them. The server
 * takes each step's code once and accepts the step after the current one (clock skew), so each code asked for is
 * of a step not used yet — the current one, else the next — and when both are used it waits for time to move on.
 */
export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  /** A code the server has not seen yet. */
  async code(): Promise<string> {
    const step = Math.max(currentStep(), this.lastStep + 1);
    while (step > currentStep() + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * PERIOD_SECONDS });
  }
}

/** Fills the admin panel's unlock form (password and a code from the app) and waits for the panel. */
export async function unlockAdminPanel(page: Page, password: string, authenticator: Authenticator) {
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByLabel("Authentication code").fill(await authenticator.code());
  await page.getByRole("button", { name: "Unlock", exact: true }).click();
  await expect(page.getByRole("button", { name: "Lock" })).toBeVisible();
}

/** Signs in on the auth screen with the password, then the code the second step asks for; waits for the dashboard. */
export async function signInWithCode(
  page: Page,
  member: { email: string; password: string },
  authenticator: Authenticator,
) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByLabel("Authentication code").fill(await authenticator.code());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
