import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "./admin-request.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

export type AdminSettingUrls = {
  /** Where the value is read; also its query key. */
  read: string;
  write: { method: "PUT" | "POST"; url: string };
  /** Other query keys holding the same value (the member-facing reads), updated at once after a save. */
  alsoCached?: readonly string[];
};

/**
 * One administrator setting: read on the server each time the section opens, saved there, and after a save
 * every cached copy of it (the member's own reads in this tab included) holds the saved value. `Body` is what
 * a save sends, where it differs from what the server answers.
 */
export function useAdminSetting<T, Body = T>({ read, write, alsoCached = [] }: AdminSettingUrls) {
  const queryClient = useQueryClient();
  const refresh = useAdminRefresh();
  const query = useQuery({
    queryKey: [read],
    queryFn: ({ signal }) => adminRequest<T>("GET", read, undefined, signal),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (body: Body) => adminRequest<T>(write.method, write.url, body),
    onSuccess: (saved) => {
      for (const key of [read, ...alsoCached]) queryClient.setQueryData([key], saved);
      return refresh();
    },
  });
  return { query, save };
}

/** A setting read (GET) and saved (PUT) at the same URL. */
export const readAndPutAt = (url: string): AdminSettingUrls => ({ read: url, write: { method: "PUT", url } });
