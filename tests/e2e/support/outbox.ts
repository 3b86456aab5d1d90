import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR, E2E_SITE_SETTINGS_DATA_DIR, E2E_STRIPE_DATA_DIR } from "./constants.ts";

/** The e-mails to `address` from every e2e app's outbox (each journey's addresses are its own), oldest first. */
async function mailsTo(address: string): Promise<string[]> {
  const mails: string[] = [];
  for (const dataDir of [E2E_DATA_DIR, E2E_STRIPE_DATA_DIR, E2E_SITE_SETTINGS_DATA_DIR]) {
    const dir = path.join(dataDir, "outbox");
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    mails.push(...(await Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")))));
  }
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

/** The `/<page>?token=` link in the newest e-mail to `address`, waiting until that e-mail carries one. */
async function tokenLinkFor(address: string, page: string, what: string): Promise<string> {
  let link = "";
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=[\\w%-]+`);
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).at(-1) ?? "";
        const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        link = unfolded.match(pattern)?.[0] ?? "";
        return link;
      },
      { message: `a ${what} e-mail to ${address}` },
    )
    .not.toBe("");
  return link;
}

/** The reset link of the newest e-mail sent to `address`, waiting for it to arrive. */
export const resetLinkFor = (address: string) => tokenLinkFor(address, "reset-password", "reset");

/** The verification link of the newest e-mail sent to `address`, waiting for it to arrive. */
export const verifyLinkFor = (address: string) => tokenLinkFor(address, "verify-email", "verification");

/** The "Wasn't me" link of the newest e-mail sent to `address` (a new-sign-in e-mail), waiting for it to arrive. */
export const wasntMeLinkFor = (address: string) => tokenLinkFor(address, "wasnt-me", "new-sign-in");
