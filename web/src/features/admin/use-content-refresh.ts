import { type Query, useQueryClient } from "@tanstack/react-query";
import { PUBLIC_CONTENT_URLS } from "./admin-urls.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

const isPublicContent = (query: Query) => {
  const [first] = query.queryKey;
  return typeof first === "string" && Object.values(PUBLIC_CONTENT_URLS).some((url) => first.startsWith(url));
};

/**
 * After a content write: refresh the admin lists it touched, the audit log, and what members read of it
 * (/terms, help dialogs and their codes, What We Do), so no screen in this tab shows the old text.
 */
export function useContentRefresh() {
  const queryClient = useQueryClient();
  const refresh = useAdminRefresh();
  return (...adminUrls: string[]) =>
    Promise.all([refresh(...adminUrls), queryClient.invalidateQueries({ predicate: isPublicContent })]);
}
