import { useCallback, useEffect, useState } from "react";
import { dismissedNotificationsKey, safeStorage } from "#web/lib/storage-keys.ts";
import { parseDismissed, pruneDismissed } from "./notifications.ts";

/**
 * Notification ids the member dismissed, remembered per member in localStorage so they survive reloads.
 * Ids of events that no longer exist are dropped once the event list is known.
 */
export function useDismissedNotifications(memberId: string, events: readonly { id: string }[] | undefined) {
  const key = dismissedNotificationsKey(memberId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() =>
    parseDismissed(safeStorage.get("local", key)),
  );

  useEffect(() => {
    setDismissed(parseDismissed(safeStorage.get("local", key)));
  }, [key]);

  const save = useCallback(
    (next: ReadonlySet<string>) => {
      setDismissed(next);
      safeStorage.set("local", key, JSON.stringify([...next]));
    },
    [key],
  );

  useEffect(() => {
    if (!events) return;
    const pruned = pruneDismissed(dismissed, events);
    if (pruned.size !== dismissed.size) save(pruned);
  }, [events, dismissed, save]);

  const dismiss = useCallback(
    (ids: readonly string[]) => save(new Set([...dismissed, ...ids])),
    [dismissed, save],
  );
  return { dismissed, dismiss };
}
