import { FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DEFAULT_TERMS_TITLE, type TermsResponse } from "#contract/api/terms.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { sanitizeHtml } from "#web/lib/sanitize-html.ts";
import { formatDateTime } from "../admin-display.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { TermsDialog } from "./terms-dialog.tsx";
import { useAdminTerms, useTermsMutations } from "./use-admin-terms.ts";

/** Terms & Conditions: the current terms as members see them, Create/Edit Terms and Delete Terms. */
export function TermsSection({ addOpen, onAddOpenChange }: AdminSectionProps) {
  const terms = useAdminTerms();
  const { remove } = useTermsMutations();
  const [deleting, setDeleting] = useState(false);
  const current = terms.data ?? null;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Terms Deleted", { description: "The terms page now says they are not available." });
        setDeleting(false);
      },
      onError: (error) =>
        toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete terms") }),
    });

  return (
    <>
      <QueryState
        query={terms}
        loading={<ListSkeleton label="Loading terms..." rows={4} />}
        error="Failed to load the terms"
        empty={
          <EmptyState
            icon={FileText}
            title="No terms and conditions yet"
            headingLevel={2}
            description="The terms page tells visitors they are not available. Create them so members can read them."
            action={
              <Button onClick={() => onAddOpenChange(true)}>
                <Plus aria-hidden="true" />
                Create Terms
              </Button>
            }
          />
        }
      >
        {(document) => (
          <CurrentTerms
            terms={document}
            onEdit={() => onAddOpenChange(true)}
            onDelete={() => setDeleting(true)}
          />
        )}
      </QueryState>
      <TermsDialog open={addOpen} onOpenChange={onAddOpenChange} terms={current} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => !open && setDeleting(false)}
        title="Delete Terms"
        description="Delete the terms and conditions? The terms page will say they are not available. This action cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

function CurrentTerms({
  terms,
  onEdit,
  onDelete,
}: {
  terms: TermsResponse;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const html = useMemo(() => sanitizeHtml(terms.content), [terms.content]);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 pb-5">
        <div className="grid gap-1">
          <CardTitle>{terms.title.trim() || DEFAULT_TERMS_TITLE}</CardTitle>
          <p className="text-sm text-slate-500">Last updated {formatDateTime(terms.updatedAt)}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit Terms
          </Button>
          <Button variant="destructive" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete Terms
          </Button>
        </div>
      </CardHeader>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: administrator HTML, allow-list sanitised above */}
      <CardContent className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
    </Card>
  );
}
