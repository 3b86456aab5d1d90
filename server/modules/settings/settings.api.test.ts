import { describe, expect, it } from "vitest";
import { imageBanner, settings } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";
import { createSettingsRepository } from "./settings.repository.ts";
import { createSettingsService } from "./settings.service.ts";

const serviceFor = (t: TestApp) => createSettingsService({ settingsRepo: createSettingsRepository(t.db) });

describe("settings service", () => {
  it("reads the seeded defaults and what a setter wrote", async () => {
    const t = await createTestApp();
    const service = serviceFor(t);
    expect(await service.reports()).toEqual({
      autoDeleteEnabled: false,
      autoDeleteThreshold: 10,
      autoAction: "hide",
    });
    expect(await service.affiliate()).toEqual({ commissionPercentage: "10.00", isActive: true });
    expect(await service.ai()).toEqual({ isEnabled: true, allowFreeUsers: false });
    expect(await service.freeOptionEnabled()).toBe(false);

    await service.setReports({ autoDeleteEnabled: true, autoDeleteThreshold: 50, autoAction: "delete" });
    await service.setAffiliate({ commissionPercentage: "12.50", isActive: false });
    await service.setAi({ isEnabled: false, allowFreeUsers: false });
    await service.setFreeOptionEnabled(true);
    await service.setPopup("greetings", { isEnabled: false, content: "Hello" });
    await service.setImageBanner({ text: "look here", isEnabled: false });

    expect(await service.reports()).toEqual({
      autoDeleteEnabled: true,
      autoDeleteThreshold: 50,
      autoAction: "delete",
    });
    expect(await service.affiliate()).toEqual({ commissionPercentage: "12.50", isActive: false });
    expect(await service.ai()).toEqual({ isEnabled: false, allowFreeUsers: false });
    expect(await service.freeOptionEnabled()).toBe(true);
    expect(await service.popup("greetings")).toEqual({ isEnabled: false, content: "Hello" });
    expect((await service.popup("hide-searches")).isEnabled).toBe(true);
    expect(await service.imageBanner()).toEqual({ text: "look here", isEnabled: false });
    const res = await t.app.inject({ url: "/api/image-banner" });
    expect(res.json()).toEqual({ text: "look here", isEnabled: false });
  });

  it("falls back to the column defaults when a row is missing, and a setter creates it", async () => {
    const t = await createTestApp();
    const service = serviceFor(t);
    await t.db.delete(imageBanner);
    await t.db.delete(settings);
    expect(await service.imageBanner()).toEqual({ text: "come see me", isEnabled: true });
    expect(await service.freeOptionEnabled()).toBe(false);
    await service.setImageBanner({ text: "back", isEnabled: true });
    await service.setFreeOptionEnabled(true);
    expect(await service.imageBanner()).toEqual({ text: "back", isEnabled: true });
    expect(await service.freeOptionEnabled()).toBe(true);
  });

  it("stamps updatedAt on every write", async () => {
    const t = await createTestApp();
    const stamp = new Date("2020-01-01T00:00:00Z");
    await t.db.update(imageBanner).set({ updatedAt: stamp });
    await serviceFor(t).setImageBanner({ text: "new", isEnabled: true });
    const [row] = await t.db.select().from(imageBanner);
    expect(row?.updatedAt.getTime()).toBeGreaterThan(stamp.getTime());
  });

  it("writes inside the caller's transaction, so a failure after it undoes the change", async () => {
    const t = await createTestApp();
    const service = serviceFor(t);
    const failed = withTransaction(t.db, async (tx) => {
      await service.setFreeOptionEnabled(true, tx);
      throw new Error("the audit row could not be written");
    });
    await expect(failed).rejects.toThrow("audit row");
    expect(await service.freeOptionEnabled()).toBe(false);
  });
});
