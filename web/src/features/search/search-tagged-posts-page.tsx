import { Search, SearchX, ShieldCheck } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import type { PublicPost } from "#contract/api/search.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { HelpButton } from "#web/components/help-button.tsx";
import { CardGridSkeleton } from "#web/components/loading-placeholders.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { afterNextPaint } from "#web/lib/after-next-paint.ts";
import { getFullName } from "#web/lib/person.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import { useFieldTypedBeforeHydration } from "#web/lib/use-typed-before-hydration.ts";
import { searchPageMode, searchRunState } from "./search-arrival.ts";
import { ownerLabel, resultsSummary } from "./search-display.ts";
import { SearchResultCard } from "./search-result-card.tsx";
import { trackSearch } from "./track-search.ts";
import { usePublicSearch } from "./use-public-search.ts";

// The posts feature (dialogs, menus, zod) loads when needed: after the first open, or for a member's own list.
const loadPosts = () => import("#web/features/posts/index.ts");
const PostDetailDialog = lazy(() => loadPosts().then((module) => ({ default: module.PostDetailDialog })));
const MyTaggedPostsSection = lazy(() =>
  loadPosts().then((module) => ({ default: module.MyTaggedPostsSection })),
);

/**
 * The URL keeps the last search (`?q=`), so back/forward, reloads and history links work. A `?q=` that arrives
 * with the document (an outside link, a reload) is only prefilled: the search runs when the person asks
 * (`search-arrival.ts`).
 */
const TERM_PARAM = "q";
const RESULTS_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** /search-tagged-posts (everyone): exact name or tagg search, results, and the member's own posts. */
export function SearchTaggedPostsPage() {
  const { profile } = useProfile();
  const inputId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const term = (searchParams.get(TERM_PARAM) ?? "").trim();
  const mode = searchPageMode(term, location.state);
  const [input, setInput] = useState(term);
  const query = usePublicSearch(term, { enabled: mode === "results" });
  const [openPost, setOpenPost] = useState<PublicPost | null>(null);
  // Mounted from the first open on, so closing still animates.
  const [dialogUsed, setDialogUsed] = useState(false);

  // A history link or the back button changes the term: show it in the box.
  useEffect(() => setInput(term), [term]);
  // The box arrives in the server's HTML (decision 056): what a visitor typed before the page's script took
  // over is theirs to keep.
  const inputRef = useFieldTypedBeforeHydration(setInput);

  /** Runs a search the person asked for: a new term is a new history entry; the same term is run again. */
  const run = (next: string) => {
    if (!next) return;
    if (next === term && mode === "results") void query.refetch();
    else setSearchParams({ [TERM_PARAM]: next }, { state: searchRunState(), replace: next === term });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(input.trim());
  };

  const onInputChange = (value: string) => {
    setInput(value);
    // An emptied box goes back to the welcome state (and the member's own posts).
    if (!value.trim() && term) setSearchParams({}, { replace: true });
  };

  const open = (post: PublicPost) => {
    setOpenPost(post);
    // The first open loads the dialog's code: after the click has painted, or it holds that paint back.
    if (!dialogUsed) void afterNextPaint().then(() => setDialogUsed(true));
    // The server records the search itself when it runs; only the view is something it cannot see.
    if (!post.isOwn) trackSearch({ searchTerm: term, action: "view", postId: post.id });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="Search Tagged Posts" />
      <header className="grid gap-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Search Tagged Posts</h1>
        <p className="text-slate-600">
          Find a post by its exact post name, or all of a member's posts by their tagg.
        </p>
      </header>

      <search className="mx-auto w-full max-w-2xl">
        <form onSubmit={submit} className="grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Post name or tagg
          </label>
          <div className="flex gap-2">
            <SearchInput
              wrapperClassName="min-w-0 flex-1"
              id={inputId}
              ref={inputRef}
              value={input}
              onChange={(event) => onInputChange(event.target.value)}
              placeholder="e.g. Harbour walk (Grace) or @grace"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              className="h-11"
            />
            <Button type="submit" size="lg" disabled={!input.trim()}>
              Search
            </Button>
          </div>
        </form>
      </search>

      {mode === "results" ? (
        <SearchResults term={term} query={query} onOpen={open} />
      ) : mode === "confirm" ? (
        <SearchConfirm term={term} signedIn={profile !== null} onSearch={() => run(term)} />
      ) : (
        <>
          <EmptyState
            icon={Search}
            title="Find a tagged post"
            headingLevel={2}
            description="Type the exact post name you were given, or a tagg such as @grace, and press Enter. Only exact matches are shown."
            className="bg-white"
          />
          {profile ? (
            <Suspense fallback={null}>
              <MyTaggedPostsSection profile={profile} />
            </Suspense>
          ) : null}
        </>
      )}

      {dialogUsed ? (
        <Suspense fallback={null}>
          <PostDetailDialog
            post={openPost}
            onClose={() => setOpenPost(null)}
            creatorName={creatorNameOf(openPost, profile)}
            canReport={openPost !== null && !openPost.isOwn}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function creatorNameOf(post: PublicPost | null, profile: Profile | null): string {
  if (!post) return "";
  if (post.isOwn && profile) return getFullName(profile);
  return ownerLabel(post).name;
}

type SearchConfirmProps = { term: string; signedIn: boolean; onSearch: () => void };

/**
 * A `?q=` the page was opened with: the term waits for the person to press the button (focused, so Enter
 * runs it), with a line saying why nothing was searched yet.
 */
function SearchConfirm({ term, signedIn, onSearch }: SearchConfirmProps) {
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const whyId = useId();
  useEffect(() => {
    if (term) button.current?.focus({ preventScroll: true });
  }, [term]);

  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-8 text-center sm:px-6"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ShieldCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Not searched yet
      </h2>
      <p id={whyId} className="max-w-md text-sm text-slate-600">
        {signedIn
          ? "You opened a link to this search. A search shows the post's owner your name unless your searches are hidden or paused, so Tagit searches only when you ask."
          : "You opened a link to this search. Tagit searches only when you ask."}
      </p>
      <Button
        ref={button}
        size="lg"
        onClick={onSearch}
        aria-describedby={whyId}
        className="h-auto min-h-11 max-w-full py-2 whitespace-normal [overflow-wrap:anywhere]"
      >
        <Search aria-hidden="true" />
        Search for “{term}”
      </Button>
    </section>
  );
}

type SearchResultsProps = {
  term: string;
  query: ReturnType<typeof usePublicSearch>;
  onOpen: (post: PublicPost) => void;
};

function SearchResults({ term, query, onOpen }: SearchResultsProps) {
  return (
    <QueryState
      query={query}
      loadingWhileRetrying
      loading={<CardGridSkeleton label="Searching..." count={3} gridClassName={RESULTS_GRID} />}
      error="Search failed. Please try again."
      empty={
        <EmptyState
          icon={SearchX}
          title="No posts found"
          description={`Nothing matches “${term}” exactly. Search needs the full post name or tagg — check the spelling and try again.`}
          className="bg-white"
        />
      }
    >
      {(posts) => (
        <section aria-labelledby="search-results-title" className="grid gap-3">
          <div className="flex items-center gap-1">
            <h2 id="search-results-title" className="text-lg font-semibold text-slate-900" aria-live="polite">
              {resultsSummary(posts.length, term)}
            </h2>
            <HelpButton sectionName="search-results" topic="Search results" />
          </div>
          <ul className={RESULTS_GRID}>
            {posts.map((post) => (
              <li key={post.id} className="flex min-w-0">
                <SearchResultCard post={post} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryState>
  );
}
