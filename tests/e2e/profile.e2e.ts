import { type Page, request } from "@playwright/test";
import { openAdminPanel } from "./support/admin-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS, PHOTO } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";

async function chooseFile(page: Page, button: RegExp) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(PHOTO);
}

test("a member edits their profile: picture, wallpaper and its position, bio and theme, kept after reload", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  const editDialog = page.getByRole("dialog", { name: "Edit Profile" });

  await test.step("open Edit and upload a picture and a wallpaper", async () => {
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByText("Your name cannot be edited.")).toBeVisible();
    await expect(editDialog.getByLabel("First name")).toHaveAttribute("readonly", "");
    await expect(editDialog.getByLabel("Email")).toHaveValue(member.email);

    await chooseFile(page, /^Upload Photo$/);
    await expect(editDialog.getByRole("button", { name: "Change Photo" })).toBeVisible();
    await chooseFile(page, /^Upload Wallpaper$/);
    await expect(editDialog.getByRole("button", { name: "Change Wallpaper" })).toBeVisible();
  });

  await test.step("position the wallpaper by dragging and with the vertical slider", async () => {
    const horizontal = editDialog.getByRole("slider", { name: "Horizontal position" });
    const vertical = editDialog.getByRole("slider", { name: "Vertical position" });
    await expect(horizontal).toHaveAttribute("aria-valuenow", "50");
    const preview = editDialog.getByTestId("wallpaper-preview");
    const box = await preview.boundingBox();
    if (!box) throw new Error("the wallpaper preview is not laid out");
    // Dragging the picture left by a quarter of the preview shows more of its right side: 50 → 75.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(horizontal).toHaveAttribute("aria-valuenow", "75");
    await vertical.focus();
    await page.keyboard.press("Home");
    await expect(vertical).toHaveAttribute("aria-valuenow", "0");
  });

  await test.step("write a bio (markup is refused) and pick a theme that recolours the page", async () => {
    const bio = editDialog.getByLabel("Bio");
    await bio.fill("Rear admiral <script>");
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(editDialog.getByText("Bio cannot contain < or >")).toBeVisible();
    await bio.fill("Rear admiral and compiler pioneer.");
    await expect(editDialog.getByText("34/500")).toBeVisible();

    await editDialog.getByRole("combobox", { name: "Theme" }).click();
    await page.getByRole("option", { name: "Emerald" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "emerald");
    await expectNoSeriousA11yViolations(page, "the Edit Profile dialog");
  });

  await test.step("save", async () => {
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile Updated")).toBeVisible();
    await expect(editDialog).toBeHidden();
  });

  await test.step("after a reload everything is still there", async () => {
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "emerald");
    await expect(page.getByText("Rear admiral and compiler pioneer.")).toBeVisible();
    const wallpaper = page.getByTestId("dashboard-wallpaper");
    await expect(wallpaper).toHaveCSS("background-image", /\/uploads\/[a-f0-9]{32}\.\w+/);
    await expect(wallpaper).toHaveCSS("background-position", "75% 0%");
    const avatar = page.locator("#main").getByRole("img", { name: `${member.firstName} ${member.lastName}` });
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.\w+$/);

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(editDialog.getByRole("combobox", { name: "Theme" })).toHaveText("Emerald");
    await expect(editDialog.getByRole("slider", { name: "Vertical position" })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );
    await page.keyboard.press("Escape");
  });
});

test("a member changes their e-mail and password in Security Settings and logs in with the new ones", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  const newEmail = member.email.replace("grace-", "grace-new-");
  const newPassword = "brand new secret";
  await registerMember(page, member);
  const dialog = page.getByRole("dialog", { name: "Security Settings" });

  await test.step("account information and the e-mail rules", async () => {
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await expect(dialog.getByText(`${member.firstName} ${member.lastName}`)).toBeVisible();
    const emailForm = dialog.getByRole("form", { name: "Change Email" });
    const update = emailForm.getByRole("button", { name: "Update Email" });
    await expect(update).toBeDisabled();
    await emailForm.getByLabel("New email").fill(newEmail);
    await expect(update).toBeEnabled();
    await expectNoSeriousA11yViolations(page, "the Security Settings dialog");

    await emailForm.getByLabel("Current password", { exact: true }).fill("not my password");
    await update.click();
    await expect(emailForm.getByText("Current password is incorrect")).toBeVisible();
    await emailForm.getByLabel("Current password", { exact: true }).fill(member.password);
    await update.click();
    await expect(page.getByText("Email Updated")).toBeVisible();
    await expect(update).toBeDisabled();
  });

  await test.step("change the password, with the form's failure messages first", async () => {
    const form = dialog.getByRole("form", { name: "Change Password" });
    await form.getByLabel("Current password", { exact: true }).fill(member.password);
    await form.getByRole("button", { name: "Show current password" }).click();
    await expect(form.getByLabel("Current password", { exact: true })).toHaveAttribute("type", "text");
    const submit = form.getByRole("button", { name: "Change Password" });
    await submit.click();
    await expect(form.getByText("Please enter a new password")).toBeVisible();
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password", { exact: true }).fill("something else");
    await submit.click();
    await expect(form.getByText("New passwords do not match")).toBeVisible();
    await form.getByLabel("New password", { exact: true }).fill("abc");
    await form.getByLabel("Confirm new password", { exact: true }).fill("abc");
    await submit.click();
    await expect(form.getByText("New password must be at least 6 characters")).toBeVisible();
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    await submit.click();
    await expect(page.getByText("Password Changed")).toBeVisible();
    await page.keyboard.press("Escape");
  });

  await test.step("log out and in with the new e-mail and password", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    const oldLogin = await page.request.post("/api/auth/login", {
      data: { email: newEmail, password: member.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(oldLogin.status()).toBe(401);
    await page.getByLabel("Email").fill(newEmail);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole("heading", { level: 1, name: `${member.firstName} ${member.lastName}` }),
    ).toBeVisible();
  });
});

test("a member sees where they are signed in and signs out another device, then everywhere else", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  const origin = new URL(page.url()).origin;
  /** The member signing in on another device, by the API, as that device's browser would. */
  const otherDevice = async (userAgent: string, address: string) => {
    const device = await request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { "user-agent": userAgent, "x-forwarded-for": address, origin },
    });
    const login = await device.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    return device;
  };
  const laptop = await otherDevice(
    "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
    "10.99.0.1",
  );
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  const sessions = dialog.getByRole("region", { name: "Where You're Signed In" });

  await test.step("both sessions are listed, this one marked", async () => {
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    await expect(sessions.getByText("Firefox on Linux")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the sessions list in Security Settings");
  });

  await test.step("sign out the laptop: it is signed out at once", async () => {
    await sessions.getByRole("button", { name: /^Sign out Firefox on Linux/ }).click();
    await expect(page.getByText("Firefox on Linux was signed out.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    expect((await laptop.get("/api/profile")).status()).toBe(401);
  });

  await test.step("sign out everywhere else after confirming; this browser stays signed in", async () => {
    const phone = await otherDevice(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "10.99.0.2",
    );
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await expect(sessions.getByText("Safari on iOS")).toBeVisible();
    await sessions.getByRole("button", { name: "Sign Out Everywhere Else" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sign Out Everywhere Else" }).click();
    await expect(page.getByText("1 other session was signed out.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    expect((await phone.get("/api/profile")).status()).toBe(401);
    expect((await page.request.get("/api/profile")).status()).toBe(200);
  });
});

test("a member adds social links, opens the social-links help and claims a tagg", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  const tagg = `grace_${member.lastName.slice(-8).toLowerCase()}`;
  await registerMember(page, member);
  const card = page.getByRole("region", { name: "Social Links" });
  const dialog = page.getByRole("dialog", { name: "Manage Social Links" });

  await test.step("add a platform and a shortcut; a javascript: link is refused", async () => {
    await expect(card.getByText("No links yet")).toBeVisible();
    await card.getByRole("button", { name: "Manage Links" }).click();
    await dialog.getByLabel("GitHub").fill("https://github.com/grace");
    await dialog.getByLabel("Instagram").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Add Shortcut" }).click();
    await dialog.getByLabel("Label 1").fill("Compiler notes");
    await expect(dialog.getByText("14/30")).toBeVisible();
    await dialog.getByLabel("Address 1").fill("https://notes.example/grace");
    await expectNoSeriousA11yViolations(page, "the Manage Social Links dialog");
    await dialog.getByRole("button", { name: "Save Links" }).click();
    await expect(dialog.getByText("Links must be http:// or https:// addresses")).toBeVisible();
    await dialog.getByLabel("Instagram").fill("");
    await dialog.getByRole("button", { name: "Save Links" }).click();
    await expect(page.getByText("Social Links Updated")).toBeVisible();
  });

  await test.step("the card shows them, opening in a new tab", async () => {
    for (const [name, href] of [
      ["GitHub", "https://github.com/grace"],
      ["Compiler notes", "https://notes.example/grace"],
    ] as const) {
      const link = card.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await page.reload();
    await expect(card.getByRole("link", { name: "GitHub" })).toBeVisible();
  });

  await test.step("the add button stops at 12 shortcuts", async () => {
    await card.getByRole("button", { name: "Manage Links" }).click();
    const add = dialog.getByRole("button", { name: "Add Shortcut" });
    for (let count = 1; count < 12; count += 1) await add.click();
    await expect(dialog.getByLabel("Label 12")).toBeVisible();
    await expect(add).toBeDisabled();
    await expect(dialog.getByText("You have reached the limit of 12 shortcuts.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  await test.step("the help dialog shows the seeded help text and the section code", async () => {
    await card.getByRole("button", { name: "Help: Social links" }).click();
    const help = page.getByRole("dialog", { name: "Social links" });
    await expect(help.getByText("100005")).toBeVisible();
    await expect(help.getByText(/Add the profiles you want visitors to reach you on/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the Help dialog");
    await help.getByRole("button", { name: "Close" }).first().click();
    await expect(help).toBeHidden();
  });

  await test.step("claim a tagg, checked as it is typed", async () => {
    const claim = page.getByRole("region", { name: "Claim your tagg" });
    await expect(
      claim.getByText("search features will be available once your tagg is activated"),
    ).toBeVisible();
    const input = claim.getByRole("textbox", { name: "Your tagg" });
    const button = claim.getByRole("button", { name: "Claim" });
    await input.fill("admin");
    await expect(claim.getByText("This tagg is reserved")).toBeVisible();
    await expect(button).toBeDisabled();
    await input.fill(tagg);
    await expect(claim.getByText(`@${tagg} is available`)).toBeVisible();
    await button.click();
    await expect(page.getByText("Tagg Claimed")).toBeVisible();
    await expect(claim).toBeHidden();
    await expect(page.locator("#main").getByText(`@${tagg}`, { exact: true })).toBeVisible();
  });
});

test("the greeting shows once per browser session; What We Do and the header dialogs pass axe", async ({
  page,
  context,
}) => {
  const member = newMember();
  const greeting = page.getByRole("dialog", { name: "Welcome" });

  await test.step("after registering, the greeting appears once", async () => {
    await registerMember(page, member);
    await expect(greeting).toBeVisible();
    await expect(greeting.getByText("Welcome to Tagit!")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/dashboard with the greeting");
    await greeting.getByRole("button", { name: "Got it" }).click();
    await expect(greeting).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(greeting).toBeHidden();
  });

  await test.step("a new tab is a new session; Don't show again sticks", async () => {
    const second = await context.newPage();
    await second.goto("/dashboard");
    const secondGreeting = second.getByRole("dialog", { name: "Welcome" });
    await expect(secondGreeting).toBeVisible();
    await secondGreeting.getByRole("button", { name: "Don't show again" }).click();
    await expect(secondGreeting).toBeHidden();
    const third = await context.newPage();
    await third.goto("/dashboard");
    await expect(third.getByRole("heading", { level: 1 })).toBeVisible();
    await third.waitForTimeout(2_000);
    await expect(third.getByRole("dialog", { name: "Welcome" })).toBeHidden();
    await second.close();
    await third.close();
  });

  await test.step("What We Do shows the server's text", async () => {
    // The text the server holds now: an administrator journey earlier in the run may have rewritten it.
    const { content } = (await (await page.request.get("/api/what-we-do-content")).json()) as {
      content: string;
    };
    const firstLine = content.split("\n")[0]?.trim() ?? "";
    expect(firstLine).not.toBe("");
    await page.getByRole("button", { name: "What We Do" }).click();
    const dialog = page.getByRole("dialog", { name: "What We Do" });
    await expect(dialog.getByText(firstLine, { exact: false }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the What We Do dialog");
    await dialog.getByRole("button", { name: "Close" }).first().click();
  });

  await test.step("Delete Profile asks first", async () => {
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Edit Profile" })
      .getByRole("button", { name: "Delete Profile" })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your profile?" });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the Delete Profile confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
  });

  await test.step("the header links and, on a phone-sized screen, the floating search button", async () => {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Delete Search", exact: true })).toHaveAttribute(
      "href",
      "/delete-my-search",
    );
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Search tagged posts", exact: true })).toBeHidden();
    await page.setViewportSize({ width: 360, height: 740 });
    const floating = page.getByRole("link", { name: "Search tagged posts", exact: true });
    await expect(floating).toBeVisible();
    await floating.click();
    await expect(page).toHaveURL(/\/search-tagged-posts$/);
  });
});

test("deleting the profile signs the member out and sends them home", async ({ page, context }) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Edit Profile" })
    .getByRole("button", { name: "Delete Profile" })
    .click();
  await page
    .getByRole("alertdialog", { name: "Delete your profile?" })
    .getByRole("button", { name: "Delete Profile" })
    .click();
  await expect(page.getByText("Profile Deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const login = await page.request.post("/api/auth/login", {
    data: { email: member.email, password: member.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(401);
});

test("an administrator asks to move a member's login e-mail; the member confirms it on the dashboard at 360 px", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = newMember();
  const newEmail = `moved-${member.lastName.slice(-8).toLowerCase()}@e2e.tagit.test`;
  const memberContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { "x-forwarded-for": `10.83.${Math.floor(Math.random() * 250)}.7` },
  });
  await withoutGreeting(memberContext);
  const memberPage = await memberContext.newPage();
  await registerMember(memberPage, member);

  await test.step("the administrator edits the e-mail: it waits for the member, shown as pending", async () => {
    await openAdminPanel(page, E2E_ADMIN_EMAILS.profile, "profiles");
    await page.getByRole("searchbox", { name: "Search Profile Database" }).fill(member.email);
    const table = page.getByRole("table", { name: "Profiles" });
    await table.getByRole("button", { name: `Edit ${member.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await expect(dialog.getByText(/not used for login until the member confirms it/)).toBeVisible();
    await dialog.getByLabel("Email").fill(newEmail);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile Updated")).toBeVisible();
    await expect(table.getByText(`pending: ${newEmail}`)).toBeVisible();
    await expect(table.getByText(member.email, { exact: true })).toBeVisible();
  });

  const banner = memberPage.getByRole("region", {
    name: /An administrator asked to change your login e-mail/,
  });

  await test.step("the member sees the request on the dashboard; a wrong password is refused", async () => {
    await memberPage.reload();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("heading")).toContainText(newEmail);
    await expectNoSeriousA11yViolations(memberPage, "/dashboard with a pending e-mail change");
    const width = await memberPage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    await banner.getByLabel("Current password", { exact: true }).fill("not my password");
    await banner.getByRole("button", { name: "Confirm change" }).click();
    await expect(banner.getByText("Current password is incorrect")).toBeVisible();
  });

  await test.step("the member confirms with their password: the login moves and the request is gone", async () => {
    await banner.getByLabel("Current password", { exact: true }).fill(member.password);
    await banner.getByLabel("Current password", { exact: true }).press("Enter");
    await expect(memberPage.getByText("Email Updated")).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(memberPage.getByText(newEmail).first()).toBeVisible();
  });

  await memberContext.close();
});
