import { useQuery } from "@tanstack/react-query";

const WHAT_WE_DO_URL = "/api/what-we-do-content";

/** The What We Do text (plain text). */
export function useWhatWeDo(enabled: boolean) {
  return useQuery<{ content: string }>({ queryKey: [WHAT_WE_DO_URL], enabled });
}
