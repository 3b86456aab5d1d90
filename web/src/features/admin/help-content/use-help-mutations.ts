import { useMutation } from "@tanstack/react-query";
import type { HelpContentBody, HelpContentUpdate } from "#contract/api/admin-content.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useContentRefresh } from "../use-content-refresh.ts";

const helpUrl = (sectionName: string) =>
  `${ADMIN_URLS.helpContent}/${encodeURIComponent(sectionName)}` as const;

/** Create, edit and delete help texts; each refreshes the list, the audit log and the members' help dialogs. */
export function useHelpMutations() {
  const refresh = useContentRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.helpContent);
  return {
    create: useMutation({
      mutationFn: (body: HelpContentBody) => adminRequest("POST", ADMIN_URLS.helpContent, body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ sectionName, body }: { sectionName: string; body: HelpContentUpdate }) =>
        adminRequest("PUT", helpUrl(sectionName), body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (sectionName: string) => adminRequest("DELETE", helpUrl(sectionName)),
      onSuccess,
    }),
  };
}
