import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";

/** The What We Do text (plain text). */
export function useWhatWeDo(enabled: boolean) {
  return useQuery({ ...apiQuery("/api/what-we-do-content"), enabled });
}
