import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember } from "./support/member-steps.ts";
import { resetLinkFor } from "./support/outbox.ts";

test("a member registers, logs out, logs in, resets a forgotten password and is signed in", async ({
  page,
}) => {
  const member = newMember();
  const fullName = `${member.firstName} ${member.lastName}`;

  await test.step("register", async () => {
    await registerMember(page, member);
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
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("ask for a reset link", async () => {
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  });

  await test.step("open the link from the e-mail and choose a new password", async () => {
    await page.goto(await resetLinkFor(member.email));
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
