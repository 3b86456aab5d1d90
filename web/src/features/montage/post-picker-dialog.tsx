import { useQuery } from "@tanstack/react-query";
import { Check, Images } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { CardGridSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { cn } from "#web/lib/cn.ts";
import { postDisplayName } from "#web/lib/post-display.ts";
import { taggedPostsQuery } from "#web/lib/query-keys.ts";
import { montageImageOfPost } from "./montage-rules.ts";
import type { OfferedImage } from "./use-montage-editor.ts";

export type PostPickerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slotsLeft: number;
  onPick: (images: OfferedImage[]) => void;
};

/** The member's own tagged posts to add as unique images; a scrambled post offers only its scrambled file. */
export function PostPickerDialog({ open, onOpenChange, slotsLeft, onPick }: PostPickerDialogProps) {
  const posts = useQuery({ ...taggedPostsQuery, enabled: open });
  const [picked, setPicked] = useState<string[]>([]);

  const close = (next: boolean) => {
    if (!next) setPicked([]);
    onOpenChange(next);
  };
  const toggle = (id: string) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] max-w-3xl">
        <div className="grid gap-1">
          <DialogTitle>Add From My Posts</DialogTitle>
          <DialogDescription>
            Choose pictures from your tagged posts ({slotsLeft} more can be added). Scrambled posts add their
            scrambled picture.
          </DialogDescription>
        </div>
        <QueryState
          query={posts}
          loading={
            <CardGridSkeleton
              label="Loading your posts..."
              count={4}
              gridClassName="grid-cols-2 sm:grid-cols-4"
            />
          }
          error="Failed to load your posts."
          isEmpty={(list) => !list.some((post) => montageImageOfPost(post))}
          empty={
            <EmptyState
              icon={Images}
              title="No posts with pictures yet"
              description="Pictures from the tagged posts you create appear here."
            />
          }
        >
          {(list) => {
            const usable = list.flatMap((post) => {
              const image = montageImageOfPost(post);
              return image ? [{ post, image }] : [];
            });
            return (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {usable.map(({ post, image }) => {
                  const chosen = picked.includes(post.id);
                  return (
                    <li key={post.id}>
                      <button
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => toggle(post.id)}
                        className={cn(
                          "group relative grid w-full gap-1 rounded-xl p-1.5 text-left ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600",
                          chosen && "bg-brand-50 ring-2 ring-brand-500",
                        )}
                      >
                        <img
                          src={image.url}
                          alt=""
                          className="aspect-square w-full rounded-lg object-cover"
                        />
                        <span className="truncate text-sm font-medium text-slate-800">
                          {postDisplayName(post.postName)}
                        </span>
                        {chosen ? (
                          <span className="absolute top-3 right-3 grid size-6 place-items-center rounded-full bg-brand-600 text-white">
                            <Check className="size-4" aria-hidden="true" />
                          </span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            );
          }}
        </QueryState>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={picked.length === 0}
            onClick={() => {
              const chosen = (posts.data ?? []).filter((post) => picked.includes(post.id));
              onPick(chosen.flatMap((post) => montageImageOfPost(post) ?? []));
              close(false);
            }}
          >
            Add {picked.length > 0 ? picked.length : ""} Selected
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
