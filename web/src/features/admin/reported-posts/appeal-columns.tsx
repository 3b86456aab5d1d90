import { Check, Undo2 } from "lucide-react";
import { type AdminAppeal, type AppealOutcome, MODERATION_MESSAGES } from "#contract/api/moderation.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatDateTime } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
import {
  APPEAL_STATUS_LABELS,
  appealName,
  DECISION_KIND_LABELS,
  decidedByLabel,
  decisionSubject,
  personName,
} from "./appeal-labels.ts";

export type AppealActions = {
  /** Opens the decision of an appeal with the outcome its button chose. */
  onDecide: (appeal: AdminAppeal, outcome: AppealOutcome) => void;
};

/** The statement of reasons the member was given: what, about what, why, by whom and when. */
export function DecisionSummary({ decision }: { decision: AdminAppeal["decision"] }) {
  const subject = decisionSubject(decision.subject);
  return (
    <div className="grid gap-1 text-sm whitespace-normal">
      <span className="font-medium text-slate-900">
        {DECISION_KIND_LABELS[decision.kind]}
        {subject ? <span className="font-normal text-slate-700"> · {subject}</span> : null}
      </span>
      <span>
        <span className="font-medium">{decision.reason.label}</span>
        {decision.reason.rule ? (
          <span className="block text-xs text-slate-600">Rule: {decision.reason.rule}</span>
        ) : null}
      </span>
      {decision.reason.text ? (
        <span className="text-xs break-words text-slate-700">“{decision.reason.text}”</span>
      ) : null}
      <span className="text-xs text-slate-600">
        {decidedByLabel(decision)}, {formatDateTime(decision.decidedAt)}
      </span>
    </div>
  );
}

/** The outcome of a decided appeal: its status, its words and who decided it; "Open" while it waits. */
function AppealStatusCell({ appeal }: { appeal: AdminAppeal }) {
  return (
    <div className="grid justify-items-start gap-1 text-xs whitespace-normal text-slate-700">
      <Badge
        variant={
          appeal.status === "reversed" ? "default" : appeal.status === "upheld" ? "secondary" : "outline"
        }
      >
        {APPEAL_STATUS_LABELS[appeal.status]}
      </Badge>
      {appeal.outcomeText ? <span className="break-words">“{appeal.outcomeText}”</span> : null}
      {appeal.decidedAt ? (
        <span className="text-slate-600">
          {appeal.decidedBy ? `${personName(appeal.decidedBy)}, ` : ""}
          {formatDateTime(appeal.decidedAt)}
        </span>
      ) : null}
    </div>
  );
}

/** The id of the words that say why the caller may not decide an appeal. */
const whyNotId = (appeal: AdminAppeal) => `appeal-${appeal.id}-why-not`;

/** Who may decide the appeal; when it is not the caller, why (the row's buttons are then disabled). */
function DecidableByCell({ appeal }: { appeal: AdminAppeal }) {
  return (
    <div className="grid gap-1 text-sm whitespace-normal">
      <span>{appeal.decidableBy}</span>
      {appeal.status === "open" && !appeal.mayDecide ? (
        <span id={whyNotId(appeal)} className="text-xs text-slate-600">
          Not you: {MODERATION_MESSAGES.ownDecision.toLowerCase()}.
        </span>
      ) : null}
    </div>
  );
}

/** Uphold and Reverse for an open appeal, disabled when the caller may not decide it; a decided one's outcome. */
function DecideButtons({ appeal, onDecide }: { appeal: AdminAppeal } & AppealActions) {
  if (appeal.status !== "open") {
    return <Badge variant="outline">{APPEAL_STATUS_LABELS[appeal.status]}</Badge>;
  }
  const name = appealName(appeal);
  const describedBy = appeal.mayDecide ? undefined : whyNotId(appeal);
  return (
    <div className="flex gap-1">
      <RowActionButton
        label={`Uphold ${name}`}
        icon={Check}
        describedBy={describedBy}
        disabled={!appeal.mayDecide}
        onClick={() => onDecide(appeal, "upheld")}
      />
      <RowActionButton
        label={`Reverse ${name}`}
        icon={Undo2}
        describedBy={describedBy}
        disabled={!appeal.mayDecide}
        onClick={() => onDecide(appeal, "reversed")}
      />
    </div>
  );
}

/**
 * The Appeals queue's columns: the member, the decision as they were told it, their appeal, who may decide it,
 * its status, and Uphold / Reverse.
 */
export function appealColumns({ onDecide }: AppealActions): AdminColumn<AdminAppeal>[] {
  return [
    {
      id: "member",
      header: "Member",
      size: 150,
      cell: ({ row }) => {
        const { member } = row.original;
        return (
          <span className="font-medium whitespace-normal text-slate-900">
            {personName(member)}
            {member.tagg ? (
              <span className="block text-xs font-normal text-slate-600">@{member.tagg}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "decision",
      header: "Decision",
      size: 270,
      cell: ({ row }) => <DecisionSummary decision={row.original.decision} />,
    },
    {
      id: "appeal",
      header: "Appeal",
      size: 240,
      cell: ({ row }) => (
        <div className="grid gap-1 text-sm whitespace-normal">
          <span className="break-words whitespace-pre-line text-slate-800">{row.original.text}</span>
          <span className="text-xs text-slate-600">Appealed {formatDateTime(row.original.createdAt)}</span>
        </div>
      ),
    },
    {
      id: "decidableBy",
      header: "Who May Decide",
      size: 170,
      cell: ({ row }) => <DecidableByCell appeal={row.original} />,
    },
    {
      id: "status",
      header: "Status",
      size: 200,
      cell: ({ row }) => <AppealStatusCell appeal={row.original} />,
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 96,
      cell: ({ row }) => <DecideButtons appeal={row.original} onDecide={onDecide} />,
    },
  ];
}
