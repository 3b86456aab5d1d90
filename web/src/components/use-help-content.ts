import { useQuery } from "@tanstack/react-query";
import { DEFAULT_SECTION_CODE } from "#contract/limits.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";

const sectionUrl = (name: string) => `/api/sections/${encodeURIComponent(name)}` as const;
const helpContentUrl = (name: string) => `/api/help-content/${encodeURIComponent(name)}` as const;

/** A section's numeric code; a failed or missing answer silently counts as the default 199. */
export function useSectionCode(sectionName: string, enabled: boolean) {
  return useQuery({
    queryKey: [sectionUrl(sectionName), "code"],
    enabled,
    // Checked again each time the dialog opens: an administrator may have changed the code.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      try {
        const section = await apiRequest("GET", sectionUrl(sectionName), undefined, {
          signal,
        });
        return section?.code ?? DEFAULT_SECTION_CODE;
      } catch {
        return DEFAULT_SECTION_CODE;
      }
    },
  });
}

/** A section's help {title, content}; a 404 means there is none. No retry. */
export function useHelpContent(sectionName: string, enabled: boolean) {
  return useQuery({
    ...apiQuery(helpContentUrl(sectionName)),
    enabled,
    retry: false,
    // Checked again each time the dialog opens: an administrator may have edited the text.
    staleTime: 0,
  });
}
