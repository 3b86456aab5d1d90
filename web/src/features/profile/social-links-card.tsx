import { ExternalLink, Link2, RefreshCw, Settings2 } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { HelpButton } from "#web/components/help-button.tsx";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { SocialLinksDialog } from "./social-links-dialog.tsx";
import { shownLinks } from "./social-links-form.ts";
import { PLATFORM_LABELS, platformIcon } from "./social-platforms.ts";
import { useSocialLinks } from "./use-social-links.ts";

/** The member's social links with their icons, and the Manage dialog. */
export function SocialLinksCard() {
  const query = useSocialLinks();
  const [managing, setManaging] = useState(false);
  const links = shownLinks(query.data, PLATFORM_LABELS);

  return (
    <Card aria-labelledby="social-links-title" role="region">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <div className="flex items-center gap-1">
            <CardTitle id="social-links-title" className="flex items-center gap-2 text-lg">
              <Link2 className="size-5 text-brand-700" aria-hidden="true" />
              Social Links
            </CardTitle>
            <HelpButton sectionName="social-links" topic="Social links" />
          </div>
          <CardDescription>Where else people can find you.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setManaging(true)}
          disabled={query.isPending}
        >
          <Settings2 aria-hidden="true" />
          Manage Links
        </Button>
      </CardHeader>
      <CardContent className="pt-4">
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading your links..." className="flex flex-wrap gap-2">
              <Skeleton className="h-9 w-28 rounded-full" />
              <Skeleton className="h-9 w-24 rounded-full" />
              <Skeleton className="h-9 w-32 rounded-full" />
            </LoadingStatus>
          }
          error={() => (
            <div className="flex flex-wrap items-center gap-3 text-sm text-red-800" role="alert">
              Could not load your links.
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          isEmpty={() => links.length === 0}
          empty={
            <EmptyState
              icon={Link2}
              title="No links yet"
              description="Add your Instagram, YouTube, GitHub or any page you like."
              className="py-6"
              action={
                <Button size="sm" onClick={() => setManaging(true)}>
                  Add Links
                </Button>
              }
            />
          }
        >
          {() => (
            <ul className="flex flex-wrap gap-2">
              {links.map((link) => {
                const Icon = platformIcon(link.platform);
                return (
                  <li key={link.key}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex max-w-64 items-center gap-2 rounded-full border border-slate-200 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
                    >
                      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      <span className="truncate">{link.label}</span>
                      <ExternalLink className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <SocialLinksDialog links={query.data} open={managing} onOpenChange={setManaging} />
    </Card>
  );
}
