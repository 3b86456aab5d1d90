import { useMutation } from "@tanstack/react-query";
import type { SectionPatch } from "#contract/api/admin-content.ts";
import { adminRequest } from "../admin-request.ts";
import { PUBLIC_CONTENT_URLS } from "../admin-urls.ts";
import { useContentRefresh } from "../use-content-refresh.ts";

/** Edit UI Section (`PATCH /api/sections/{id}`): refreshes the table, the audit log and the members' codes. */
export function useSectionMutations() {
  const refresh = useContentRefresh();
  return {
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SectionPatch }) =>
        adminRequest("PATCH", `${PUBLIC_CONTENT_URLS.sections}/${id}`, body),
      onSuccess: () => refresh(),
    }),
  };
}
