import { createHmac } from "node:crypto";

/**
 * The keyed hash that stands for a visitor in analytics (HMAC-SHA256 with APP_SECRET). It lets the server
 * count unique viewers and find a member's own history without storing who they are on anonymous events.
 * It never leaves the server.
 */
export function createVisitorHasher(secret: string) {
  const hmac = (value: string) => createHmac("sha256", secret).update(value).digest("hex");
  return {
    member: (userId: string) => hmac(`member:${userId}`),
    /** A visitor who is not signed in, recognised only by their connection. */
    guest: (ipAddress: string, userAgent: string) => hmac(`guest:${ipAddress}:${userAgent}`),
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;
