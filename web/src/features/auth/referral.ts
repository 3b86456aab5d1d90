import { referralCodeSchema } from "#contract/api/auth.ts";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

/** The referral code in a query string like "?ref=CODE", or null when absent or malformed. Pure. */
export function parseReferralCode(search: string): string | null {
  const raw = new URLSearchParams(search).get("ref");
  if (raw === null) return null;
  const parsed = referralCodeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Keeps `?ref=` for the rest of the browser session; returns the code to use (from the URL or kept). */
export function rememberReferralCode(search: string): string | null {
  const fromUrl = parseReferralCode(search);
  if (fromUrl) {
    safeStorage.set("session", STORAGE_KEYS.referralCode, fromUrl);
    return fromUrl;
  }
  const kept = safeStorage.get("session", STORAGE_KEYS.referralCode);
  return kept && referralCodeSchema.safeParse(kept).success ? kept : null;
}

export function forgetReferralCode(): void {
  safeStorage.remove("session", STORAGE_KEYS.referralCode);
}
