import { Search, SearchX } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import type { PublicPost } from "#contract/api/search.ts";
import { useProfile } from "#web/app/use-profile.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { HelpButton } from "#web/components/help-button.tsx";
import { CardGridSkeleton } from "#web/components/loading-placeholders.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { getFullName } from "#web/lib/person.ts";
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

/** The URL keeps the last search (`?q=`), so back/forward, reloads and history links work. */
const TERM_PARAM = "q";
const RESULTS_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** /search-tagged-posts (everyone): exact name or tagg search, results, and the member's own posts. */
export function SearchTaggedPostsPage() {
  const { profile } = useProfile();
  const inputId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const term = (searchParams.get(TERM_PARAM) ?? "").trim();
  const [input, setInput] = useState(term);
  const query = usePublicSearch(term);
  const [openPost, setOpenPost] = useState<PublicPost | null>(null);
  // Mounted from the first open on, so closing still animates.
  const [dialogUsed, setDialogUsed] = useState(false);

  // A history link or the back button changes the term: show it in the box.
  useEffect(() => setInput(term), [term]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = input.trim();
    if (!next) return;
    if (next === term) void query.refetch();
    else setSearchParams({ [TERM_PARAM]: next });
  };

  const onInputChange = (value: string) => {
    setInput(value);
    // An emptied box goes back to the welcome state (and the member's own posts).
    if (!value.trim() && term) setSearchParams({}, { replace: true });
  };

  const open = (post: PublicPost) => {
    setOpenPost(post);
    setDialogUsed(true);
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

      {term ? (
        <SearchResults term={term} query={query} onOpen={open} />
      ) : (
        <>
          <EmptyState
            icon={Search}
            title="Find a tagged post"
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
