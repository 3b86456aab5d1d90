import { CircleCheck, Gavel, Hourglass, Undo2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { Appeal, ModerationDecision } from "#contract/api/moderation.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";
import { AppealForm } from "./appeal-form.tsx";
import {
  APPEAL_STATUS_LABELS,
  appealState,
  appealStatusText,
  decidedByText,
  decisionElementId,
  decisionHeadline,
  formatDay,
  formatDayTime,
  noAppealReason,
} from "./decision-display.ts";

export type DecisionCardProps = {
  decision: ModerationDecision;
  now: Date;
  /** The decision a notice's link pointed at: marked until the member goes elsewhere. */
  highlighted?: boolean;
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const Time = ({ iso, children }: { iso: string; children: ReactNode }) => (
  <time dateTime={iso}>{children}</time>
);

/**
 * One decision about the member as a statement of reasons: what was done and when, the reason and the rule of
 * the terms, the administrator's words, automatic or by a person, whether it still applies, and its appeal —
 * the form while one can be made, otherwise why not, or the appeal made and its outcome.
 */
export function DecisionCard({ decision, now, highlighted = false }: DecisionCardProps) {
  const headingId = useId();
  const appealRef = useRef<HTMLDivElement>(null);
  const state = appealState(decision, now);
  const { reason } = decision;
  // Once the appeal made shows in place of the form (the button pressed is gone), focus moves to it.
  const [appealedHere, setAppealedHere] = useState(false);
  const hasAppeal = decision.appeal !== null;
  useEffect(() => {
    if (appealedHere && hasAppeal) appealRef.current?.focus();
  }, [appealedHere, hasAppeal]);

  return (
    <article
      id={decisionElementId(decision.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-highlighted={highlighted ? "true" : undefined}
      className={cn(
        "scroll-mt-24 rounded-2xl border border-slate-200 bg-white shadow-sm outline-none",
        highlighted && "ring-2 ring-brand-500 ring-offset-2",
      )}
    >
      <header className="flex flex-col gap-2 border-b border-slate-100 p-5 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {decisionHeadline(decision)}
        </h2>
        {decision.liftedAt === null ? (
          <Badge variant="destructive" className="self-start">
            Still applies
          </Badge>
        ) : (
          <Badge variant="secondary" className="self-start">
            No longer applies
          </Badge>
        )}
      </header>
      <dl className="grid gap-3 p-5">
        <Fact term="When">
          <Time iso={decision.decidedAt}>{formatDayTime(decision.decidedAt)}</Time>
        </Fact>
        <Fact term="Decided">{decidedByText(decision.automatic)}</Fact>
        <Fact term="Reason">{reason.label}</Fact>
        {reason.rule !== null ? (
          <Fact term="Rule of the terms">
            <span className="whitespace-pre-line">{reason.rule}</span>{" "}
            <Link to="/terms" className="text-brand-700 underline-offset-2 hover:underline">
              Read the terms
            </Link>
          </Fact>
        ) : null}
        {reason.text !== null ? (
          <Fact term={decision.automatic ? "Details" : "The administrator's words"}>
            <span className="whitespace-pre-line">{reason.text}</span>
          </Fact>
        ) : null}
        <Fact term="Applies">
          {decision.liftedAt === null ? (
            "Yes, it still applies"
          ) : (
            <>
              No longer, since <Time iso={decision.liftedAt}>{formatDayTime(decision.liftedAt)}</Time>
            </>
          )}
        </Fact>
      </dl>
      <div
        ref={appealRef}
        tabIndex={-1}
        className="grid gap-3 rounded-b-2xl border-t border-slate-100 bg-slate-50/70 p-5 outline-none"
      >
        <h3 className="text-base font-semibold text-slate-900">Appeal</h3>
        {state.kind === "open" ? (
          <AppealForm decisionId={decision.id} until={state.until} onAppealed={() => setAppealedHere(true)} />
        ) : decision.appeal ? (
          <AppealStatus appeal={decision.appeal} />
        ) : (
          <p className="text-sm text-slate-700">{noAppealReason(state)}</p>
        )}
      </div>
    </article>
  );
}

const STATUS_ICONS = { open: Hourglass, upheld: Gavel, reversed: Undo2 } as const;

/** An appeal made: its status, the member's words, and once decided the outcome in the administrator's words. */
function AppealStatus({ appeal }: { appeal: Appeal }) {
  const Icon = STATUS_ICONS[appeal.status];
  return (
    <div className="grid gap-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge
          variant={
            appeal.status === "reversed" ? "default" : appeal.status === "upheld" ? "secondary" : "outline"
          }
        >
          <Icon aria-hidden="true" />
          {APPEAL_STATUS_LABELS[appeal.status]}
        </Badge>
        <span className="text-slate-600">
          You appealed on <Time iso={appeal.createdAt}>{formatDay(appeal.createdAt)}</Time>
        </span>
      </p>
      <p className="text-slate-700">{appealStatusText(appeal.status)}</p>
      <figure className="grid gap-1">
        <figcaption className="font-medium text-slate-500">Your appeal</figcaption>
        <blockquote className="rounded-lg border border-slate-200 bg-white p-3 whitespace-pre-line break-words text-slate-800">
          {appeal.text}
        </blockquote>
      </figure>
      {appeal.status !== "open" ? (
        <figure className="grid gap-1">
          <figcaption className="flex flex-wrap items-center gap-1 font-medium text-slate-500">
            <CircleCheck className="size-4" aria-hidden="true" />
            {appeal.decidedAt ? (
              <span>
                Outcome on <Time iso={appeal.decidedAt}>{formatDay(appeal.decidedAt)}</Time>
              </span>
            ) : (
              "Outcome"
            )}
          </figcaption>
          <blockquote className="rounded-lg border border-slate-200 bg-white p-3 whitespace-pre-line break-words text-slate-800">
            {appeal.outcomeText ?? APPEAL_STATUS_LABELS[appeal.status]}
          </blockquote>
        </figure>
      ) : null}
    </div>
  );
}
