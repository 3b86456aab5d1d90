import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PostReportSettingsBody } from "#contract/api/admin-moderation.ts";
import type { ReportAutoAction } from "#contract/api/posts.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

export type ReportSettings = {
  autoDeleteEnabled: boolean;
  autoDeleteThreshold: number;
  autoAction: ReportAutoAction;
};

/** The report auto-action settings (DESIGN "Moderation"): read and saved on the server. */
export function useReportSettings() {
  const queryClient = useQueryClient();
  const refresh = useAdminRefresh();
  const settings = useQuery({
    queryKey: [ADMIN_URLS.reportSettings],
    queryFn: ({ signal }) =>
      adminRequest<ReportSettings>("GET", ADMIN_URLS.reportSettings, undefined, signal),
  });
  const save = useMutation({
    mutationFn: (body: PostReportSettingsBody) =>
      adminRequest<ReportSettings>("PUT", ADMIN_URLS.reportSettings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([ADMIN_URLS.reportSettings], saved);
      return refresh();
    },
  });
  return { settings, save };
}
