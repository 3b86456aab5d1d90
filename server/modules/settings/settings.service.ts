import type { Popup } from "#contract/api/content.ts";
import type { ImageBanner, ReportAutoAction } from "#contract/api/posts.ts";
import {
  DEFAULT_BANNER_TEXT,
  DEFAULT_GREETING_CONTENT,
  DEFAULT_HIDE_SEARCHES_CONTENT,
  DEFAULT_SAVED_IMAGES_CONTENT,
} from "#contract/content-defaults.ts";
import { DEFAULT_COMMISSION_PERCENTAGE, DEFAULT_REPORT_THRESHOLD } from "#contract/limits.ts";
import type { Tx } from "#server/db/transaction.ts";
import { createSettingsRepository, type PopupName, type SettingsRepository } from "./settings.repository.ts";

export type { PopupName };
export type ReportSettings = {
  autoDeleteEnabled: boolean;
  autoDeleteThreshold: number;
  autoAction: ReportAutoAction;
};
export type AffiliateSettings = { commissionPercentage: string; isActive: boolean };
export type AiSettings = { isEnabled: boolean; allowFreeUsers: boolean };

/** What a reader gets when a seeded row is missing: the columns' own defaults. */
const POPUP_DEFAULTS: Record<PopupName, Popup> = {
  greetings: { isEnabled: true, content: DEFAULT_GREETING_CONTENT },
  "saved-images": { isEnabled: true, content: DEFAULT_SAVED_IMAGES_CONTENT },
  "hide-searches": { isEnabled: true, content: DEFAULT_HIDE_SEARCHES_CONTENT },
};
const IMAGE_BANNER_DEFAULT: ImageBanner = { text: DEFAULT_BANNER_TEXT, isEnabled: true };
const REPORT_DEFAULT: ReportSettings = {
  autoDeleteEnabled: false,
  autoDeleteThreshold: DEFAULT_REPORT_THRESHOLD,
  autoAction: "hide",
};
const AFFILIATE_DEFAULT: AffiliateSettings = {
  commissionPercentage: DEFAULT_COMMISSION_PERCENTAGE,
  isActive: true,
};
const AI_DEFAULT: AiSettings = { isEnabled: true, allowFreeUsers: false };

/**
 * The one owner of the settings administrators change (popups, image banner, report threshold, affiliate
 * programme, AI, free option): every feature reads them here, and the admin panel writes them here. A setter
 * given a transaction writes inside it (with the admin's audit row, for example).
 */
export function createSettingsService({ settingsRepo }: { settingsRepo: SettingsRepository }) {
  const repoOn = (tx?: Tx) => (tx ? createSettingsRepository(tx) : settingsRepo);
  return {
    popup: async (name: PopupName, tx?: Tx): Promise<Popup> =>
      (await repoOn(tx).popup(name)) ?? POPUP_DEFAULTS[name],
    setPopup: (name: PopupName, values: Popup, tx?: Tx) => repoOn(tx).savePopup(name, values),

    /** The banner drawn on downloaded post images. */
    imageBanner: async (tx?: Tx): Promise<ImageBanner> =>
      (await repoOn(tx).imageBanner()) ?? IMAGE_BANNER_DEFAULT,
    setImageBanner: (values: ImageBanner, tx?: Tx) => repoOn(tx).saveImageBanner(values),

    /** Whether posts with enough reports are acted on automatically, from how many, and how (hide or delete). */
    reports: async (tx?: Tx): Promise<ReportSettings> => (await repoOn(tx).reports()) ?? REPORT_DEFAULT,
    setReports: (values: ReportSettings, tx?: Tx) => repoOn(tx).saveReports(values),

    /** The commission new referrals get, and whether the programme takes new ones. */
    affiliate: async (): Promise<AffiliateSettings> => (await settingsRepo.affiliate()) ?? AFFILIATE_DEFAULT,
    setAffiliate: (values: AffiliateSettings, tx?: Tx) => repoOn(tx).saveAffiliate(values),

    /** Read by the plan capability table (`getPlanCapabilities(status, ai)`, decision 026). */
    ai: async (tx?: Tx): Promise<AiSettings> => (await repoOn(tx).ai()) ?? AI_DEFAULT,
    setAi: (values: AiSettings, tx?: Tx) => repoOn(tx).saveAi(values),

    /** The platform's free-access option. */
    freeOptionEnabled: async (tx?: Tx) => (await repoOn(tx).freeOption()) === true,
    setFreeOptionEnabled: (enabled: boolean, tx?: Tx) => repoOn(tx).saveFreeOption(enabled),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
