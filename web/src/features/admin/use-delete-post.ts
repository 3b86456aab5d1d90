import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import { adminRequest } from "./admin-request.ts";
import { ADMIN_URLS } from "./admin-urls.ts";
import { moderationRequests } from "./moderation/moderation-requests.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

/** A post and the statement of reasons an administrator gives for restricting it. */
export type PostRestriction = { id: string; body: RestrictionBody };

/**
 * Removes a tagged post from the Tagged posts list or the report queue (kept out of sight while its owner may
 * appeal, then deleted with its images); both refresh.
 */
export function useDeletePost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ id, body }: PostRestriction) =>
      adminRequest("DELETE", `${ADMIN_URLS.taggedPosts}/${id}`, body),
    onSuccess: () => refresh(ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
  });
}

/** Hides a visible post pending review, from the Tagged posts list or the report queue; both refresh. */
export function useHidePost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ id, body }: PostRestriction) => moderationRequests.hidePost(id, body),
    onSuccess: () => refresh(ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
  });
}

/** A post a list offers to hide or remove: its id and name. */
export type RestrictablePost = { id: string; postName: string };

/** What the restriction dialog says of hiding or removing `postName` (`detail`: the list's own words about it). */
export function postRestrictionWords(action: "hide" | "delete", postName: string, detail = "") {
  return action === "hide"
    ? `Hide “${postName}”${detail} pending review? It leaves search until it is reviewed; the owner is told why and may appeal.`
    : `Delete “${postName}”${detail}? It leaves every list and search at once; the owner is told why and may appeal ` +
        "within six months, after which it is deleted for good with its images.";
}

/**
 * The hide and delete actions of a list of posts: which post waits for its statement of reasons, and sending the
 * action with it once the administrator gives one.
 */
export function usePostRestriction<Post extends RestrictablePost>() {
  const remove = useDeletePost();
  const hide = useHidePost();
  const [restricting, setRestricting] = useState<{ post: Post; action: "hide" | "delete" } | null>(null);
  const close = () => setRestricting(null);

  function confirm(body: RestrictionBody) {
    if (!restricting) return Promise.resolve();
    const { post, action } = restricting;
    const mutation = action === "hide" ? hide : remove;
    return mutation.mutateAsync(
      { id: post.id, body },
      {
        onSuccess: () => {
          if (action === "hide")
            toast.success("Post Hidden", {
              description: `“${post.postName}” is hidden pending review; the owner is told why.`,
            });
          else
            toast.success("Post Deleted", {
              description: `“${post.postName}” was removed; the owner is told why.`,
            });
          close();
        },
        onError: (error) =>
          toast.error("Error", {
            description: errorMessage(
              error,
              action === "hide" ? "Failed to hide the post" : "Failed to delete the post",
            ),
          }),
      },
    );
  }

  // Stable, so the columns that call it are made once.
  const restrict = useCallback(
    (post: Post, action: "hide" | "delete") => setRestricting({ post, action }),
    [],
  );
  return {
    restricting,
    restrict,
    close,
    confirm,
    pending: restricting?.action === "hide" ? hide.isPending : remove.isPending,
  };
}
