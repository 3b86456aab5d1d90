import { History, ImageOff, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { SearchHistoryEntry } from "#contract/api/search.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { cardImageSource, postDisplayName } from "#web/lib/post-display.ts";
import { absoluteTimeLabel, relativeTimeLabel } from "#web/lib/relative-time.ts";
import { useNow } from "#web/lib/use-now.ts";
import { searchPagePath, searchRunState } from "./search-arrival.ts";
import { historyHeadline, historyOwner } from "./search-display.ts";
import { useSearchHistory } from "./use-search-history.ts";

/**
 * My Search History: what I searched for and opened under my name, newest first, with relative times. What I
 * did anonymously is not recorded against me, so it is never listed here.
 */
export function SearchHistoryList() {
  const query = useSearchHistory();
  const now = useNow(30_000);

  return (
    <QueryState
      query={query}
      loading={<ListSkeleton label="Loading your search history..." mediaClassName="size-14 rounded-lg" />}
      error="Failed to load your search history."
      empty={
        <EmptyState
          icon={History}
          title="No searches yet"
          description="Posts you search for and open under your name appear here."
          action={
            <Button asChild variant="outline">
              <Link to="/search-tagged-posts">Search Tagged Posts</Link>
            </Button>
          }
        />
      }
    >
      {(entries) => (
        <ul
          aria-label="Search history"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {entries.map((entry) => (
            <HistoryRow key={entry.id} entry={entry} now={now} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function HistoryRow({ entry, now }: { entry: SearchHistoryEntry; now: Date }) {
  const source =
    entry.originalImage && entry.scrambledImage
      ? cardImageSource({
          originalImage: entry.originalImage,
          scrambledImage: entry.scrambledImage,
          thumbnailImage: null,
          scrambleImage: entry.scrambleImage ?? false,
        })
      : entry.originalImage;
  const [imageFailed, setImageFailed] = useState(false);
  const owner = historyOwner(entry);
  const gone = entry.postName !== null && entry.originalImage === null;

  return (
    <li className="flex gap-3 px-3 py-3 sm:px-4">
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-400">
        {source && !imageFailed ? (
          <img
            src={source}
            alt=""
            loading="lazy"
            onError={() => setImageFailed(true)}
            className={cn("size-full object-cover", entry.scrambleImage && "scale-110 blur-sm")}
          />
        ) : entry.postId ? (
          <ImageOff className="size-5" aria-hidden="true" />
        ) : (
          <Search className="size-5" aria-hidden="true" />
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium break-words text-slate-900">{historyHeadline(entry)}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          {entry.postName ? (
            <span className="max-w-full min-w-0 truncate" title={entry.postName}>
              {postDisplayName(entry.postName)}
              {owner ? ` · ${owner}` : ""}
            </span>
          ) : null}
          <time dateTime={entry.createdAt} title={absoluteTimeLabel(entry.createdAt)}>
            {relativeTimeLabel(entry.createdAt, now)}
          </time>
          {gone || entry.isVisible === false ? (
            <span className="text-slate-500">No longer available</span>
          ) : null}
        </p>
      </div>
      {entry.searchTerm ? (
        // Pressing it is the person's own request: the search page runs it at once (search-arrival.ts).
        <Button asChild variant="ghost" size="sm" className="self-center">
          <Link
            to={searchPagePath(entry.searchTerm)}
            state={searchRunState()}
            aria-label={`Search again for ${entry.searchTerm}`}
          >
            <Search aria-hidden="true" />
            <span className="hidden sm:inline">Search again</span>
          </Link>
        </Button>
      ) : null}
    </li>
  );
}
