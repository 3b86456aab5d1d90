import type { AiSettings, ImageBannerBody, PopupBody, SiteSettings } from "#contract/api/admin-settings.ts";
import { HTML_POPUPS, type PopupName } from "#contract/popups.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { sanitizeStoredHtml } from "#server/lib/sanitize-html.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  settings: Pick<
    SettingsService,
    | "popup"
    | "setPopup"
    | "imageBanner"
    | "setImageBanner"
    | "ai"
    | "setAi"
    | "freeOptionEnabled"
    | "setFreeOptionEnabled"
  >;
  auditRepoOn: (tx: Tx) => AuditRepository;
};

/** Long texts are cut in the audit summary: it says what changed, it does not archive the content. */
const AUDIT_TEXT_MAX = 200;
const short = (value: unknown) =>
  typeof value === "string" && value.length > AUDIT_TEXT_MAX ? `${value.slice(0, AUDIT_TEXT_MAX)}…` : value;

/** The fields that changed, before and after, for the audit row. */
export function changedSummary<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, short(before[key])])),
    after: Object.fromEntries(keys.map((key) => [key, short(after[key])])),
  };
}

/**
 * The Popups & Overlays, AI Settings and Settings sections: each write goes through the settings module (the
 * owner) and records its audit row in the same transaction. The saved-images popup's HTML is sanitized here,
 * before it is stored.
 */
export function createAdminSettingsService({ transact, settings, auditRepoOn }: Deps) {
  /** Reads the old value, writes the new one and audits the difference, in one transaction. */
  function update<T extends Record<string, unknown>>(
    actor: AuditActor,
    target: { action: string; targetId: string },
    read: (tx: Tx) => Promise<T>,
    write: (tx: Tx) => Promise<unknown>,
    after: T,
  ): Promise<T> {
    return transact(async (tx) => {
      const before = await read(tx);
      await write(tx);
      await auditRepoOn(tx).record({
        actor,
        action: target.action,
        targetType: "settings",
        targetId: target.targetId,
        summary: changedSummary(before, after),
      });
      return after;
    });
  }

  return {
    setPopup(actor: AuditActor, name: PopupName, body: PopupBody) {
      const values = {
        isEnabled: body.isEnabled,
        content: HTML_POPUPS.includes(name) ? sanitizeStoredHtml(body.content) : body.content,
      };
      return update(
        actor,
        { action: "popup.update", targetId: `${name}-popup` },
        (tx) => settings.popup(name, tx),
        (tx) => settings.setPopup(name, values, tx),
        values,
      );
    },

    setImageBanner(actor: AuditActor, body: ImageBannerBody) {
      return update(
        actor,
        { action: "image-banner.update", targetId: "image-banner" },
        (tx) => settings.imageBanner(tx),
        (tx) => settings.setImageBanner(body, tx),
        { text: body.text, isEnabled: body.isEnabled },
      );
    },

    ai: () => settings.ai(),
    setAi(actor: AuditActor, body: AiSettings) {
      return update(
        actor,
        { action: "ai-settings.update", targetId: "ai-settings" },
        (tx) => settings.ai(tx),
        (tx) => settings.setAi(body, tx),
        { isEnabled: body.isEnabled, allowFreeUsers: body.allowFreeUsers },
      );
    },

    async site(): Promise<SiteSettings> {
      return { freeOptionEnabled: await settings.freeOptionEnabled() };
    },
    setSite(actor: AuditActor, body: SiteSettings) {
      return update(
        actor,
        { action: "settings.update", targetId: "free-option" },
        async (tx) => ({ freeOptionEnabled: await settings.freeOptionEnabled(tx) }),
        (tx) => settings.setFreeOptionEnabled(body.freeOptionEnabled, tx),
        { freeOptionEnabled: body.freeOptionEnabled },
      );
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
