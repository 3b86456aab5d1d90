import { z } from "zod";
import { listResponse } from "./admin.ts";
import { timestampSchema } from "./timestamps.ts";

/** What a moderation decision restricted: a post hidden pending review or removed, a tagg removed, a profile hidden. */
export const DECISION_KINDS = ["post_hidden", "post_removed", "tagg_removed", "profile_hidden"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const APPEAL_STATUSES = ["open", "upheld", "reversed"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const MODERATION_LIMITS = {
  reasonLabel: 80,
  reasonRule: 300,
  reasonText: 500,
  appealText: 1000,
  outcomeText: 1000,
  /** A decision may be appealed for this many months after it was taken. */
  appealMonths: 6,
  /** A figure of the transparency page below this is shown as "<10". */
  transparencyMinimum: 10,
} as const;

export const MODERATION_MESSAGES = {
  reasonRequired: "Choose the reason for this decision",
  reasonUnknown: "That reason no longer exists: choose another",
  reasonLabel: `Give the reason a name of 1 to ${MODERATION_LIMITS.reasonLabel} characters`,
  reasonRule: `Say which rule of the terms it is, in 1 to ${MODERATION_LIMITS.reasonRule} characters`,
  reasonText: `Keep the explanation to ${MODERATION_LIMITS.reasonText} characters`,
  appealText: `Write your appeal in 1 to ${MODERATION_LIMITS.appealText} characters`,
  outcomeText: `Explain the outcome in 1 to ${MODERATION_LIMITS.outcomeText} characters`,
  outcome: 'Outcome must be "upheld" or "reversed"',
  appealExists: "You have already appealed this decision",
  appealClosed: `Appeals are open for ${MODERATION_LIMITS.appealMonths} months after a decision; this one can no longer be appealed`,
  decisionLifted: "This decision no longer applies, so there is nothing to appeal",
  appealDecided: "This appeal has already been decided",
  ownDecision: "Another administrator must decide an appeal against your own decision",
  decisionNotFound: "Decision not found",
  appealNotFound: "Appeal not found",
} as const;

/** Where the appeal form of a decision is, in the web app (the notice and the e-mail link to it). */
export const decisionPath = (id: string) => `/moderation-decisions#decision-${id}`;

// ---- Reasons the panel keeps ----

const reasonLabelSchema = z
  .string({ error: MODERATION_MESSAGES.reasonLabel })
  .trim()
  .min(1, { error: MODERATION_MESSAGES.reasonLabel })
  .max(MODERATION_LIMITS.reasonLabel, { error: MODERATION_MESSAGES.reasonLabel });
const reasonRuleSchema = z
  .string({ error: MODERATION_MESSAGES.reasonRule })
  .trim()
  .min(1, { error: MODERATION_MESSAGES.reasonRule })
  .max(MODERATION_LIMITS.reasonRule, { error: MODERATION_MESSAGES.reasonRule });

/** A reason an administrator picks when restricting something: a short label and the rule of the terms it is. */
export const moderationReasonSchema = z.object({ id: z.string(), label: z.string(), rule: z.string() });
export type ModerationReason = z.infer<typeof moderationReasonSchema>;
export const moderationReasonListSchema = z.array(moderationReasonSchema);
export const moderationReasonBodySchema = z.strictObject({
  label: reasonLabelSchema,
  rule: reasonRuleSchema,
});
export type ModerationReasonBody = z.infer<typeof moderationReasonBodySchema>;
export const moderationReasonParamsSchema = z.strictObject({
  id: z.uuid({ error: "Reason not found" }),
});

/** The statement an administrator gives with every restriction: one of the panel's reasons and optional words. */
export const restrictionBodySchema = z.strictObject({
  reasonId: z.uuid({ error: MODERATION_MESSAGES.reasonRequired }),
  reasonText: z
    .string({ error: MODERATION_MESSAGES.reasonText })
    .trim()
    .max(MODERATION_LIMITS.reasonText, { error: MODERATION_MESSAGES.reasonText })
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type RestrictionBody = z.input<typeof restrictionBodySchema>;

// ---- A member's decisions and appeals ----

export const appealSchema = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  createdAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
  outcomeText: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** The statement of reasons of one decision about the member. */
export const moderationDecisionSchema = z.object({
  id: z.string(),
  kind: z.enum(DECISION_KINDS),
  subject: z.object({ postName: z.string().optional(), tagg: z.string().optional() }),
  reason: z.object({
    label: z.string(),
    /** The rule of the terms the reason stands for; null for a decision taken automatically. */
    rule: z.string().nullable(),
    /** The administrator's own words, or for an automatic decision how many reports counted; null when none. */
    text: z.string().nullable(),
  }),
  /** True when the report threshold took it; false when an administrator did. */
  automatic: z.boolean(),
  decidedAt: timestampSchema,
  appealableUntil: timestampSchema,
  /** When the restriction stopped applying (reports dismissed, hold lifted, reversed on appeal); null while it applies. */
  liftedAt: timestampSchema.nullable(),
  appeal: appealSchema.nullable(),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;
export const moderationDecisionListSchema = z.array(moderationDecisionSchema);
export const moderationDecisionParamsSchema = z.strictObject({
  id: z.uuid({ error: MODERATION_MESSAGES.decisionNotFound }),
});

export const appealBodySchema = z.strictObject({
  text: z
    .string({ error: MODERATION_MESSAGES.appealText })
    .trim()
    .min(1, { error: MODERATION_MESSAGES.appealText })
    .max(MODERATION_LIMITS.appealText, { error: MODERATION_MESSAGES.appealText }),
});
export type AppealBody = z.infer<typeof appealBodySchema>;

// ---- The Appeals queue of the panel ----

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const adminAppealsQuerySchema = z.strictObject({
  status: z.enum(APPEAL_STATUSES, { error: "Status is open, upheld or reversed" }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type AdminAppealsQuery = z.infer<typeof adminAppealsQuerySchema>;

export const adminAppealSchema = appealSchema.extend({
  member: personSchema.extend({ tagg: z.string().nullable() }),
  decision: moderationDecisionSchema.omit({ appeal: true }).extend({
    /** The administrator who took the decision; null when it was automatic or their account is gone. */
    decidedBy: personSchema.nullable(),
  }),
  /** The administrator who decided the appeal; null while it is open. */
  decidedBy: personSchema.nullable(),
  /** Whether the caller may decide it: not when they took the decision and another administrator exists. */
  mayDecide: z.boolean(),
  /** Who may decide it, in words the panel shows ("Any administrator", "An administrator other than Ada Admin"). */
  decidableBy: z.string(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealsResponseSchema = listResponse(adminAppealSchema);

export const adminAppealParamsSchema = z.strictObject({
  id: z.uuid({ error: MODERATION_MESSAGES.appealNotFound }),
});
export const appealDecisionBodySchema = z.strictObject({
  outcome: z.enum(APPEAL_OUTCOMES, { error: MODERATION_MESSAGES.outcome }),
  text: z
    .string({ error: MODERATION_MESSAGES.outcomeText })
    .trim()
    .min(1, { error: MODERATION_MESSAGES.outcomeText })
    .max(MODERATION_LIMITS.outcomeText, { error: MODERATION_MESSAGES.outcomeText }),
});
export type AppealDecisionBody = z.infer<typeof appealDecisionBodySchema>;

// ---- The public transparency page ----

/** A count as published: the number when it is 10 or more, otherwise the words "<10". */
export const publishedCountSchema = z.union([
  z.number().int().min(MODERATION_LIMITS.transparencyMinimum),
  z.literal("<10"),
]);
export type PublishedCount = z.infer<typeof publishedCountSchema>;

export const transparencyMonthSchema = z.object({
  /** The UTC month, `2026-11`. */
  month: z.string(),
  reportsReceived: publishedCountSchema,
  reportsCounted: publishedCountSchema,
  hiddenAutomatically: publishedCountSchema,
  hiddenByAdmin: publishedCountSchema,
  removed: publishedCountSchema,
  appeals: publishedCountSchema,
  reversed: publishedCountSchema,
  /**
   * The median hours from a post's first report to an administrator's review of it, among the reviews of the
   * month; null when fewer than 10 were reviewed.
   */
  medianHoursToDecide: z.number().nullable(),
});
export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;
export const transparencyResponseSchema = z.object({ months: z.array(transparencyMonthSchema) });
export type TransparencyResponse = z.infer<typeof transparencyResponseSchema>;

/** A count as the transparency page publishes it. */
export const publishedCount = (count: number): PublishedCount =>
  count >= MODERATION_LIMITS.transparencyMinimum ? count : "<10";
