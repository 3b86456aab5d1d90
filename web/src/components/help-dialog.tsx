import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { HELP_MESSAGES, helpErrorText, isMissingHelp, sectionTopic } from "./help-text.ts";
import { useHelpContent, useSectionCode } from "./use-help-content.ts";

export type HelpDialogProps = {
  sectionName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Help for one section: fetched title (fallback "Help"), plain-text content and the section code badge. */
export default function HelpDialog({ sectionName, open, onOpenChange }: HelpDialogProps) {
  const help = useHelpContent(sectionName, open);
  const code = useSectionCode(sectionName, open);
  const title = help.data?.title.trim() || "Help";

  return (
    <DraggableDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={`Help for ${sectionTopic(sectionName).toLowerCase()}`}
      hideDescription
      className="max-h-[85vh]"
    >
      <div className="grid gap-4 p-5">
        <HelpBody query={help} />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          {code.data === undefined ? (
            <Skeleton className="h-5 w-16 rounded-full" />
          ) : (
            <Badge variant="neutral" className="font-mono">
              <span className="sr-only">Section code </span>
              {code.data}
            </Badge>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </div>
    </DraggableDialog>
  );
}

function HelpBody({ query }: { query: ReturnType<typeof useHelpContent> }) {
  const empty = (
    <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
      {HELP_MESSAGES.empty}
    </p>
  );
  return (
    <QueryState
      query={query}
      loading={
        <div role="status" className="grid gap-2">
          <p className="text-sm text-slate-600">{HELP_MESSAGES.loading}</p>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      }
      // A section without help answers 404: that is the empty state, not an error.
      error={(error) =>
        isMissingHelp(error) ? (
          empty
        ) : (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">{HELP_MESSAGES.error}</p>
            <p>{helpErrorText(error)}</p>
          </div>
        )
      }
      isEmpty={(help) => !help.content.trim()}
      empty={empty}
    >
      {(help) => (
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-700">{help.content.trim()}</p>
      )}
    </QueryState>
  );
}
