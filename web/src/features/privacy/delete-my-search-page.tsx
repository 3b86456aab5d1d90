import { Eraser } from "lucide-react";
import { Link } from "react-router";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** /delete-my-search (members). Arrives with the privacy feature. */
export function DeleteMySearchPage() {
  return (
    <PagePlaceholder
      icon={Eraser}
      title="Delete My Search"
      description="This page will show the number of unique viewers across your tagged posts and let you manage the search data you left on other members' posts. It arrives with the privacy feature."
      actions={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
