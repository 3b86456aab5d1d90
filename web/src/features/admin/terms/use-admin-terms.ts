import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminTermsBody } from "#contract/api/admin-content.ts";
import { publishedTerms } from "#contract/api/terms.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS, PUBLIC_CONTENT_URLS } from "../admin-urls.ts";
import { useContentRefresh } from "../use-content-refresh.ts";

/** The published terms, under the key /terms reads (null while there are none), so a write shows there at once. */
export function useAdminTerms() {
  return useQuery({ ...apiQuery(PUBLIC_CONTENT_URLS.terms), select: publishedTerms });
}

/** Create or replace the terms, and delete them; each refreshes /terms and the audit log. */
export function useTermsMutations() {
  const refresh = useContentRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.terms);
  return {
    save: useMutation({
      mutationFn: (body: AdminTermsBody) => adminRequest("POST", ADMIN_URLS.terms, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => adminRequest("DELETE", ADMIN_URLS.terms),
      onSuccess,
    }),
  };
}
