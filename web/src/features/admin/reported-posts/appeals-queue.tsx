import { useMemo, useState } from "react";
import {
  type AdminAppeal,
  APPEAL_STATUSES,
  type AppealOutcome,
  type AppealStatus,
} from "#contract/api/moderation.ts";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { AdminTable } from "../admin-table.tsx";
import { appealColumns } from "./appeal-columns.tsx";
import { AppealDecisionDialog } from "./appeal-decision-dialog.tsx";
import { APPEAL_STATUS_LABELS, appealName } from "./appeal-labels.ts";
import { useAppeals } from "./use-appeals.ts";

const ALL = "all";
type StatusFilter = AppealStatus | typeof ALL;

const EMPTY: Record<StatusFilter, string> = {
  open: "No open appeals.",
  upheld: "No upheld appeals.",
  reversed: "No reversed appeals.",
  all: "No appeals yet.",
};

/** The Appeals queue: members' appeals against moderation decisions, the open ones first, decided here. */
export function AppealsQueue() {
  const [status, setStatus] = useState<StatusFilter>("open");
  const list = useAppeals(status === ALL ? undefined : status);
  const [deciding, setDeciding] = useState<{ appeal: AdminAppeal; outcome: AppealOutcome } | null>(null);
  const columns = useMemo(
    () => appealColumns({ onDecide: (appeal, outcome) => setDeciding({ appeal, outcome }) }),
    [],
  );

  return (
    <div className="grid gap-4">
      <p className="max-w-3xl text-sm text-slate-600">
        A member may appeal a decision once, within six months. An administrator other than the one who took
        the decision decides the appeal when there is one; the member reads the outcome and its words.
      </p>
      <div className="grid gap-1.5 justify-self-start">
        <Label htmlFor="appeal-status">Appeals</Label>
        <Select value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
          <SelectTrigger id="appeal-status" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {APPEAL_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {APPEAL_STATUS_LABELS[value]}
              </SelectItem>
            ))}
            <SelectItem value={ALL}>All</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <AdminTable
        label="Appeals"
        collapsible={{ columns: ["status"], rowName: appealName }}
        columns={columns}
        list={list}
        getRowId={(appeal) => appeal.id}
        empty={EMPTY[status]}
        noun={{ one: "appeal", many: "appeals" }}
        loadError="Failed to load appeals"
      />
      <AppealDecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}
