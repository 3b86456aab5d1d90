import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { MODERATION_LIMITS, type ModerationDecision } from "#contract/api/moderation.ts";
import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { useNow } from "#web/lib/use-now.ts";
import { DecisionCard } from "./decision-card.tsx";
import { decisionElementId, decisionIdFromHash } from "./decision-display.ts";
import { useModerationDecisions } from "./use-moderation-decisions.ts";

const TITLE = "Moderation decisions";

/**
 * The decision a link's hash names (a notice's "Read why and appeal", `decisionPath(id)`), once the list shows
 * it: scrolled to, focused and marked, once per visit of the link.
 */
function useLinkedDecision(decisions: readonly ModerationDecision[], refetch: () => unknown) {
  const { hash, key } = useLocation();
  const [linked, setLinked] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const refetched = useRef<string | null>(null);
  useEffect(() => {
    const id = decisionIdFromHash(hash);
    if (!id || handled.current === key) return;
    if (!decisions.some((decision) => decision.id === id)) {
      // A notice newer than the list shown (the page was already open): read the list once more.
      if (refetched.current !== key) {
        refetched.current = key;
        void refetch();
      }
      return;
    }
    handled.current = key;
    setLinked(id);
    const element = document.getElementById(decisionElementId(id));
    element?.scrollIntoView({ block: "start" });
    element?.focus({ preventScroll: true });
  }, [hash, key, decisions, refetch]);
  return linked;
}

type DecisionListProps = { decisions: ModerationDecision[]; refetch: () => unknown };

function DecisionList({ decisions, refetch }: DecisionListProps) {
  // The appeal form closes on its own once `appealableUntil` passes while the page is open.
  const now = useNow(60_000);
  const linked = useLinkedDecision(decisions, refetch);
  return (
    <ul className="grid gap-5" aria-label={TITLE}>
      {decisions.map((decision) => (
        <li key={decision.id}>
          <DecisionCard decision={decision} now={now} highlighted={decision.id === linked} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /moderation-decisions (members): every decision that restricted the member's posts, tagg or profile, as a
 * statement of reasons with its appeal (issue 44).
 */
export function ModerationDecisionsPage() {
  const decisions = useModerationDecisions();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title={TITLE} />
      <BackToDashboard />
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{TITLE}</h1>
        <p className="text-slate-600">
          When one of your posts, your tagg or your profile is restricted, this is where you read why: what
          was done, the rule of the terms it falls under, and who decided. You can appeal each decision once,
          within {MODERATION_LIMITS.appealMonths} months.
        </p>
        <p className="text-sm text-slate-600">
          How many decisions are made each month is public on the{" "}
          <Link to="/transparency" className="text-brand-700 underline underline-offset-2">
            transparency page
          </Link>
          .
        </p>
      </header>
      <QueryState
        query={decisions}
        loading={<ListSkeleton label="Loading your moderation decisions..." rows={3} />}
        error="Failed to load your moderation decisions"
        empty={
          <EmptyState
            icon={ShieldCheck}
            headingLevel={2}
            title="No moderation decisions about you"
            description="If a post, your tagg or your profile is ever restricted, you will find the reason here, with a way to appeal."
          />
        }
      >
        {(list) => <DecisionList decisions={list} refetch={decisions.refetch} />}
      </QueryState>
    </div>
  );
}
