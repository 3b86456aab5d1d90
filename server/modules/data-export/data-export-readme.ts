/**
 * What each file of a data export holds, in the order the archive writes them; README.txt is made from this
 * list, so the two cannot drift apart.
 */
export const EXPORT_FILES = [
  {
    name: "profile.json",
    holds:
      "Your profile as GET /api/profile answers it, your social links (GET /api/me/social-links) and the " +
      "passkeys you added (GET /api/auth/passkeys; names and dates, never the keys).",
  },
  {
    name: "posts.json",
    holds:
      "Your tagged posts as GET /api/tagged-posts answers them. A post's originalImage " +
      '"/uploads/<file>" is the file images/<file> of this archive.',
  },
  {
    name: "search-history.json",
    holds:
      "Every search and view you made by name, each as GET /api/user-search-history shows it (which shows " +
      "the 500 newest). What you did anonymously was never linked to you, so it is not here.",
  },
  {
    name: "analytics.json",
    holds:
      "Every search for and view of your posts, each as GET /api/tagg-analytics shows it (which shows the " +
      '500 newest). Anonymous visitors stay "Anonymous User"; members you blocked are left out, as in your ' +
      "list.",
  },
  {
    name: "invoices.json",
    holds: "Your Premium invoices, each as GET /api/subscription/invoices lists it (amounts in pence).",
  },
  {
    name: "affiliate.json",
    holds:
      "Your referral code and link, the members you referred, your earnings and your payouts, as GET " +
      "/api/affiliate/dashboard answers them (amounts in pence; payout details masked, as you see them).",
  },
  {
    name: "blocks.json",
    holds: "The members you blocked, as GET /api/blocks lists them.",
  },
  {
    name: "moderation-decisions.json",
    holds:
      "Every moderation decision about you (a post hidden or removed, your tagg removed or hidden) with its " +
      "statement of reasons, and your appeal and its outcome, as GET /api/moderation-decisions lists them.",
  },
  {
    name: "sessions.json",
    holds:
      "Where you are signed in, as GET /api/auth/sessions lists it; `current` marks the session that " +
      "asked for this archive.",
  },
  {
    name: "sign-in-places.json",
    holds:
      "What Tagit keeps to notice a sign-in from a new place: each browser family you signed in with and when, " +
      "per network. The network itself is kept only as a keyed hash (it reads as nothing without the server's " +
      "key), so it is left out; places are forgotten 180 days after their last sign-in.",
  },
] as const;

export type ExportFileName = (typeof EXPORT_FILES)[number]["name"];

/** README.txt: when the archive was made and what each file holds; images that could not be read are named. */
export function readmeText({ madeAt, images, missing }: { madeAt: Date; images: number; missing: string[] }) {
  const width = Math.max(...EXPORT_FILES.map((file) => file.name.length), "images/".length) + 2;
  const entry = (name: string, text: string) => `${name.padEnd(width)}${text}`;
  const lines = [
    "Your Tagit data",
    "===============",
    "",
    `Everything Tagit stores about you, as it stood at ${madeAt.toISOString()} (UTC).`,
    "Each .json file is UTF-8 JSON shaped as the Tagit API answers it; times are ISO 8601 in UTC.",
    "",
    ...EXPORT_FILES.map((file) => entry(file.name, file.holds)),
    entry(
      "images/",
      `The original of each image your posts, profile picture and wallpaper show (${images} ${images === 1 ? "file" : "files"}), ` +
        "as Tagit keeps it: your upload, at most 2048 pixels a side, without its location or camera details.",
    ),
    entry("README.txt", "This file."),
  ];
  if (missing.length > 0) {
    lines.push(
      "",
      `These images could not be found in storage and are not in images/: ${missing.join(", ")}.`,
    );
  }
  return `${lines.join("\n")}\n`;
}
