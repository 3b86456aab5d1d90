import { type DataTag, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiResponse, ApiUrl, UrlAnswering } from "#web/lib/api-routes.ts";
import { adminQuery } from "./admin-query.ts";
import { adminRequest } from "./admin-request.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

/** Where a setting can be read: any address that answers a GET without parameters. */
export type AdminSettingUrl = UrlAnswering<"GET", unknown>;
/** The setting as the server answers it at `Read`. */
export type AdminSettingData<Read extends AdminSettingUrl> = ApiResponse<"GET", Read>;

export type AdminSettingUrls<Read extends AdminSettingUrl> = {
  /** Where the value is read; also its query key. */
  read: Read;
  write: { method: "PUT"; url: ApiUrl<"PUT"> } | { method: "POST"; url: ApiUrl<"POST"> };
  /**
   * Other queries holding the same value (the member-facing reads, by their `apiQuery` options), updated at
   * once after a save; their keys' data type must be the setting's.
   */
  alsoCached?: readonly { queryKey: DataTag<readonly unknown[], AdminSettingData<Read>, Error> }[];
};

/**
 * One administrator setting: read on the server each time the section opens, saved there, and after a save
 * every cached copy of it (the member's own reads in this tab included) holds the saved value. `Body` is what
 * a save sends, where it differs from what the server answers.
 */
export function useAdminSetting<Read extends AdminSettingUrl, Body = AdminSettingData<Read>>({
  read,
  write,
  alsoCached = [],
}: AdminSettingUrls<Read>) {
  const queryClient = useQueryClient();
  const refresh = useAdminRefresh();
  const setting = adminQuery(read);
  const query = useQuery({ ...setting, staleTime: 0 });
  const save = useMutation({
    // A setting's write answers the setting, as its read does.
    mutationFn: async (body: Body) =>
      (await adminRequest(write.method, write.url, body)) as AdminSettingData<Read>,
    onSuccess: (saved) => {
      for (const { queryKey } of [setting, ...alsoCached]) queryClient.setQueryData(queryKey, saved);
      return refresh();
    },
  });
  return { query, save };
}

/** A setting read (GET) and saved (PUT) at the same URL. */
export const readAndPutAt = <Url extends AdminSettingUrl & ApiUrl<"PUT">>(
  url: Url,
): AdminSettingUrls<Url> => ({
  read: url,
  write: { method: "PUT", url },
});
