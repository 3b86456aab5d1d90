import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { uniqueViewersSchema } from "#contract/api/analytics.ts";

export const UNIQUE_VIEWERS_QUERY_KEY = ["/api/unique-viewers"] as const;

/** Distinct visitors across all my posts, counted by the server (anonymous visitors included, never named). */
export function useUniqueViewers() {
  return useQuery<z.infer<typeof uniqueViewersSchema>>({ queryKey: UNIQUE_VIEWERS_QUERY_KEY });
}
