import { createHmac, randomBytes } from "node:crypto";

/**
 * The keyed hash that stands for a visitor in analytics (HMAC-SHA256 with APP_SECRET). It lets the server
 * count unique viewers and find a member's own history without storing who they are on anonymous events.
 * It never leaves the server.
 */
/**
 * Marks the hash of a visitor who was not signed in, so rules that count only members (the hide threshold)
 * can tell them apart without storing anything else about the visitor.
 */
export const GUEST_HASH_PREFIX = "guest:";

export function createVisitorHasher(secret: string) {
  const hmac = (value: string) => createHmac("sha256", secret).update(value).digest("hex");
  return {
    member: (userId: string) => hmac(`member:${userId}`),
    /** A visitor who is not signed in, recognised only by their connection. */
    guest: (ipAddress: string, userAgent: string) =>
      `${GUEST_HASH_PREFIX}${hmac(`guest:${ipAddress}:${userAgent}`)}`,
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;

/**
 * A fresh random value shaped like a member's hash, put in place of it on anonymous events when the member
 * deletes their history or account: the events keep counting as one member viewer, but nothing can ever tie
 * them to anyone again (the key that made the old hash cannot make this one).
 */
export const unlinkedMemberHash = () => randomBytes(32).toString("hex");
