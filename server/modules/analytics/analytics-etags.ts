import type { ChangeFeed } from "#server/db/change-feed.ts";

type Options = {
  changes: ChangeFeed;
  /** The owners whose analytics show this visitor (their tagg and picture appear in the list). */
  ownersSeenBy: (visitorId: string) => Promise<string[]>;
  maxEntries?: number;
};

/**
 * Each owner's current analytics ETag, so the unchanged 3-second poll is answered 304 without a query. An
 * owner's tag goes the moment the database says their events or posts changed, or a visitor in their list
 * changed tagg or picture (migration 0009); every tag goes while the feed is interrupted.
 */
export function createAnalyticsEtags({ changes, ownersSeenBy, maxEntries = 100_000 }: Options) {
  const etags = new Map<string, string>();
  /** Any visitor change may concern any owner whose tag is being computed now. */
  let visitorChangedAt = 0;

  changes.subscribe(({ kind, id }) => {
    if (kind === "analytics") etags.delete(id);
    else if (kind === "reset") etags.clear();
    else if (kind === "visitor") {
      visitorChangedAt = changes.mark();
      void ownersSeenBy(id).then(
        (owners) => {
          for (const owner of owners) etags.delete(owner);
        },
        () => etags.clear(),
      );
    }
  });

  return {
    /** The owner's tag if it is known to be current. */
    get(ownerId: string): string | undefined {
      return changes.listening ? etags.get(ownerId) : undefined;
    },

    /** Computes the tag through `read` and keeps it, unless the owner's analytics changed during the read. */
    async read<T extends { etag: string }>(ownerId: string, read: () => Promise<T>): Promise<T> {
      const mark = changes.mark();
      const result = await read();
      const changed = visitorChangedAt > mark || changes.changedSince(mark, [`analytics:${ownerId}`]);
      if (!changed && changes.listening) {
        etags.delete(ownerId);
        if (etags.size >= maxEntries) etags.delete(etags.keys().next().value ?? "");
        etags.set(ownerId, result.etag);
      }
      return result;
    },
  };
}

export type AnalyticsEtags = ReturnType<typeof createAnalyticsEtags>;
