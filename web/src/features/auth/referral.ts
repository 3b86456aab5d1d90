import { REFERRAL_CODE_PATTERN } from "#contract/limits.ts";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

/** `raw` trimmed when it is a well-formed referral code (the contract's referralCodeSchema), else null. */
function readCode(raw: string): string | null {
  const code = raw.trim();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The referral code in a query string like "?ref=CODE", or null when absent or malformed. Pure. */
export function parseReferralCode(search: string): string | null {
  const raw = new URLSearchParams(search).get("ref");
  return raw === null ? null : readCode(raw);
}

/** Keeps `?ref=` for the rest of the browser session; returns the code to use (from the URL or kept). */
export function rememberReferralCode(search: string): string | null {
  const fromUrl = parseReferralCode(search);
  if (fromUrl) {
    safeStorage.set("session", STORAGE_KEYS.referralCode, fromUrl);
    return fromUrl;
  }
  const kept = safeStorage.get("session", STORAGE_KEYS.referralCode);
  return kept && readCode(kept) ? kept : null;
}

export function forgetReferralCode(): void {
  safeStorage.remove("session", STORAGE_KEYS.referralCode);
}
