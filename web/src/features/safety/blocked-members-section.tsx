import { Undo2, UserX } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Block } from "#contract/api/blocks.ts";
import { MAX_BLOCK_CHANGES_PER_DAY, MAX_BLOCKS } from "#contract/limits.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { BlockByTaggForm } from "./block-by-tagg-form.tsx";
import { blockedMemberName } from "./block-display.ts";
import { useBlocks, useUnblockMember } from "./use-blocks.ts";

const onDay = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));

/**
 * Blocked Members in Security Settings: each blocked member with when, Unblock (after confirming), and the
 * form that blocks by tagg. Drawn with its own top rule, so the dialog renders it in one line.
 */
export function BlockedMembersSection() {
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  const [unblocking, setUnblocking] = useState<Block | null>(null);
  const unblockingName = unblocking ? blockedMemberName(unblocking.member) : "";

  const confirmUnblock = () => {
    if (!unblocking) return;
    unblock.mutate(unblocking.id, {
      onSuccess: () => {
        setUnblocking(null);
        toast.success("Member Unblocked", {
          description: `${unblockingName} can find your posts again. They weren't told.`,
        });
      },
      onError: (error) => {
        setUnblocking(null);
        toast.error("Unblock Failed", { description: errorMessage(error, "Failed to unblock this member") });
      },
    });
  };

  return (
    <section aria-labelledby="blocked-members-heading" className="grid gap-3 border-t border-slate-100 pt-6">
      <h3 id="blocked-members-heading" className="font-semibold text-slate-900">
        Blocked Members
      </h3>
      <p className="text-sm text-slate-600">
        A member you block can't find your posts or see your images, and their named visits leave your lists.
        They aren't told. Anonymous visits stay as they are, so a block never tells you who an anonymous
        visitor was. You can block up to {MAX_BLOCKS.toLocaleString("en-GB")} members, and block or unblock{" "}
        {MAX_BLOCK_CHANGES_PER_DAY} times a day.
      </p>
      <QueryState
        query={blocks}
        loading={
          <div role="status" aria-label="Loading the members you blocked" className="grid gap-2">
            <Skeleton className="h-14 w-full" />
          </div>
        }
        error="Failed to load the members you blocked"
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            You haven't blocked anyone.
          </p>
        }
      >
        {(list) => (
          <ul className="grid gap-2" aria-label="Blocked members">
            {list.map((block) => {
              const name = blockedMemberName(block.member);
              const showTagg = block.member.tagg !== null && !name.startsWith("@");
              return (
                <li
                  key={block.id}
                  className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm"
                >
                  <UserX className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{name}</p>
                    <p className="text-slate-600">
                      {showTagg ? <span className="break-all">@{block.member.tagg} · </span> : null}
                      Blocked {onDay(block.createdAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setUnblocking(block)}
                    aria-label={`Unblock ${name}`}
                  >
                    <Undo2 aria-hidden="true" />
                    Unblock
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <BlockByTaggForm />
      <ConfirmDialog
        open={unblocking !== null}
        onOpenChange={(open) => (open ? undefined : setUnblocking(null))}
        title={`Unblock ${unblockingName}?`}
        description="Their searches will find your posts again, and their visits, past ones too, show in your lists again. They won't be told."
        confirmLabel="Unblock"
        onConfirm={confirmUnblock}
        pending={unblock.isPending}
      />
    </section>
  );
}
