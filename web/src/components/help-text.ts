import { ApiError, errorCodeOf, NetworkError } from "#web/lib/api-request.ts";

export const HELP_MESSAGES = {
  loading: "Loading help content...",
  error: "Error loading help content",
  empty: "No help content available for this section",
} as const;

/** The help dialog's error line: "HTTP error! status: 500", or the network message. */
export function helpErrorText(error: unknown): string {
  if (error instanceof ApiError) return `HTTP error! status: ${error.status}`;
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** True when the help request failed only because the section has no help. */
export function isMissingHelp(error: unknown): boolean {
  return errorCodeOf(error) === "not_found";
}

/** "social-links" → "Social links", for the help button's accessible name. */
export function sectionTopic(sectionName: string): string {
  const words = sectionName.trim().replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
