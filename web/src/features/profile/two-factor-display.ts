/** The authenticator app's key as people copy it by hand: groups of four letters or digits. */
export function groupKey(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

export const RECOVERY_CODES_FILE_NAME = "tagit-recovery-codes.txt";

/** The text of the recovery-codes file (and what Copy puts on the clipboard): what they are for, one a line. */
export function recoveryCodesText(codes: readonly string[], email: string, at: Date): string {
  return [
    `Tagit recovery codes for ${email}`,
    `Created ${at.toISOString().slice(0, 10)}`,
    "",
    "Each code signs you in once if you cannot use your authenticator app.",
    "Keep them somewhere safe: anyone with a code and your password can sign in.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** A link's address that downloads `text` as a plain-text file (no object URL to keep alive or revoke). */
export const textFileHref = (text: string) => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
