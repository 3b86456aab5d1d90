import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { CSSProperties, ReactNode } from "react";
import { Toaster } from "sonner";
import { TIMING } from "#contract/limits.ts";
import { ReauthenticationPrompt } from "#web/components/reauthentication-prompt.tsx";
import { queryClient } from "#web/lib/query-client.ts";

export type ProvidersProps = {
  children: ReactNode;
  /** The browser's one client by default; the server renders each page with a client of its own. */
  client?: QueryClient;
};

/**
 * Sonner's rich-colour texts are a little light for their tinted backgrounds (success is 4.25:1); these
 * darker shades keep every toast type at 5.7:1 or more (WCAG AA, checked by axe in the e2e tests).
 */
const TOAST_COLOURS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(360, 100%, 38%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--warning-text": "hsl(31, 92%, 30%)",
} as CSSProperties;

/** App-wide providers: queries and toasts (with the product's timings), and the password prompt. */
export function Providers({ children, client = queryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ReauthenticationPrompt />
      <Toaster
        visibleToasts={1}
        duration={TIMING.toastDurationMs}
        hotkey={["F8"]}
        containerAriaLabel="Notifications"
        swipeDirections={["right"]}
        position="bottom-right"
        richColors
        closeButton
        style={TOAST_COLOURS}
      />
    </QueryClientProvider>
  );
}
