import { QueryClientProvider } from "@tanstack/react-query";
import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { TIMING } from "#contract/limits.ts";
import { queryClient } from "#web/lib/query-client.ts";

export type ProvidersProps = { children: ReactNode };

/** App-wide providers with the spec's settings (spec 1 §9): queries, toasts, tooltips. */
export function Providers({ children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TIMING.tooltipDelayMs} skipDelayDuration={TIMING.tooltipSkipDelayMs}>
        {children}
        <Toaster
          visibleToasts={1}
          duration={TIMING.toastDurationMs}
          hotkey={["F8"]}
          containerAriaLabel="Notifications"
          swipeDirections={["right"]}
          position="bottom-right"
          richColors
          closeButton
        />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
