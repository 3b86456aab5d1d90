import { useQueryClient } from "@tanstack/react-query";
import { ADMIN_URLS } from "./admin-urls.ts";

/** After an admin write: refresh the lists it touched and the audit log it wrote to. */
export function useAdminRefresh() {
  const queryClient = useQueryClient();
  return (...urls: string[]) =>
    Promise.all(
      [...urls, ADMIN_URLS.auditLog, ADMIN_URLS.auditLogFacets].map((url) =>
        queryClient.invalidateQueries({ queryKey: [url] }),
      ),
    );
}
