import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";
import { wasntMeLinkFor } from "./support/outbox.ts";

const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

test("a member reads the Security checkup, and undoes a sign-in from a new place from its e-mail", async ({
  page,
  context,
  browser,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  await page.getByRole("button", { name: "Security", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  const card = dialog.getByRole("region", { name: "Security Checkup" });

  await test.step("the card shows the member's own figures", async () => {
    await expect(card.getByText("Authenticator app off")).toBeVisible();
    await expect(card.getByText("None yet")).toBeVisible();
    await expect(card.getByText("Signed in on 1 device")).toBeVisible();
    await expect(card.getByText(/^Last changed /)).toBeVisible();
  });

  await test.step("its buttons open their sections, from the keyboard too", async () => {
    await card.getByRole("button", { name: "Review: Sessions" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Where You're Signed In" })).toBeFocused();
    await card.getByRole("button", { name: "Change: Password" }).click();
    await expect(dialog.getByRole("heading", { name: "Change Password" })).toBeFocused();
  });

  await test.step("new sign-in e-mails can be muted and turned back on", async () => {
    const toggle = card.getByRole("switch", { name: "E-mail me about sign-ins from a new place" });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText("New Sign-in E-mails Off")).toBeVisible();
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();
    await expectNoSeriousA11yViolations(page, "Security checkup in Security Settings");
  });

  await test.step("at a phone's width the card fits the screen", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });

  await test.step("a sign-in from another network and browser is mailed; Wasn't me signs everyone out", async () => {
    const origin = new URL(page.url()).origin;
    const elsewhere = await browser.newContext({
      baseURL: origin,
      userAgent: SAFARI_ON_IPHONE,
      extraHTTPHeaders: { "x-forwarded-for": "203.0.113.77" },
    });
    const signIn = await elsewhere.request.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
      headers: { origin },
    });
    expect(signIn.status()).toBe(200);

    await page.goto(await wasntMeLinkFor(member.email));
    await expect(page).toHaveURL(/\/wasnt-me$/);
    await expect(page.getByRole("heading", { name: "Secure your account" })).toBeVisible();
    // Opening the link changed nothing: the other browser is still signed in.
    expect((await elsewhere.request.get("/api/profile")).status()).toBe(200);

    await page.getByRole("button", { name: "Sign out everywhere and reset my password" }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    expect((await elsewhere.request.get("/api/profile")).status()).toBe(401);
    await page.getByLabel("New Password", { exact: true }).fill("only I know this one");
    await page.getByLabel("Confirm New Password").fill("only I know this one");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const old = await elsewhere.request.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
      headers: { origin },
    });
    expect(old.status()).toBe(401);
    await elsewhere.close();
  });
});
