import { useMemo, useRef } from "react";

/**
 * Radix dialogs return focus to their Trigger; dialogs opened from state (no Trigger) would drop it on
 * <body>. Spread these handlers on the dialog content to send focus back to whatever had it on opening.
 */
export function useRestoreFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      onOpenAutoFocus: () => {
        previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      onCloseAutoFocus: (event: Event) => {
        const element = previous.current;
        previous.current = null;
        if (element?.isConnected) {
          event.preventDefault();
          element.focus();
        }
      },
    }),
    [],
  );
}
