import type { onRouteHookHandler } from "fastify";

/** The API document's sections, one per part of the product, in the order a reader meets them. */
export const API_TAGS = {
  Operations: "Liveness and readiness for load balancers and orchestrators.",
  Site: "What the web app needs before anyone signs in.",
  Auth: "Accounts: register, sign in and out, verify an address, reset a password.",
  "Second factor":
    "An authenticator app, recovery codes and passkeys: what a sign-in asks for after the password.",
  Profile: "The signed-in member's profile, social links, e-mail changes and account deletion.",
  Uploads: "Image uploads and the images of posts, members and taggs.",
  Posts: "A member's tagged posts: publish, scramble, hide, delete, report.",
  Search: "Finding a post by its exact name or its owner's tagg, and the searcher's own history.",
  Analytics: "Who searched for or viewed a member's posts, live and as lists.",
  Notices: "Notices to a member about their own posts.",
  Moderation: "Moderation decisions about a member, their appeals, and the public transparency figures.",
  Privacy: "How a member's own searches are recorded against them (show, hide, pause).",
  Taggs: "Claiming a tagg and its visibility.",
  Safety: "Blocking members, and taking one's data along.",
  Payments: "Premium: subscribe, cancel, resume, change the card, receipts.",
  Affiliate: "Referral commission: the dashboard and payout requests.",
  Content: "Public texts: terms, help, What We Do, UI sections, popups and the image banner.",
  "Admin session": "Unlocking the admin panel for a signed-in administrator.",
  "Admin taggs": "Registered taggs: list, add, edit, show or hide, delete.",
  "Admin profiles": "Member profiles: list, add (by invitation), edit, delete.",
  "Admin moderation":
    "Tagged posts, the report queue, the report settings, moderation reasons and the appeals queue.",
  "Admin content": "Terms, help content, What We Do, UI sections, popups and the image banner.",
  "Admin settings": "Platform switches: the free option and AI features.",
  "Admin money": "Platform costs, unit economics, affiliate settings and payouts.",
  "Admin cleanup": "Finding and deleting inactive records.",
  "Admin audit log": "Every administrator's change, append-only.",
} as const;

export type ApiTag = keyof typeof API_TAGS;

/**
 * An `onRoute` hook that files every route of a module under one section of the API document; each routes
 * plugin adds it first: `app.addHook("onRoute", documentedUnder("Posts"))`.
 */
export const documentedUnder =
  (tag: ApiTag): onRouteHookHandler =>
  (route) => {
    route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
  };
