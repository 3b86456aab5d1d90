import { Eraser, Search } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** The dashboard's small cards that lead to /search-tagged-posts and /delete-my-search. */
export function DashboardLinkCards() {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Card className="flex flex-col gap-3 p-4 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Search className="size-5 text-brand-700" aria-hidden="true" />
          Search Tagged Posts
        </h2>
        <p className="flex-1 text-sm text-slate-600">
          Find a post by its exact name, or a member by their tagg.
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to="/search-tagged-posts">Go to search</Link>
          </Button>
        </div>
      </Card>
      <Card className="flex flex-col gap-3 p-4 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Eraser className="size-5 text-brand-700" aria-hidden="true" />
          Delete My Search
        </h2>
        <p className="flex-1 text-sm text-slate-600">
          See your unique viewers and remove the searches you left on other members' posts.
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to="/delete-my-search">Manage search data</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
