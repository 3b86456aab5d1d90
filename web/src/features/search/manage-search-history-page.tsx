import { History } from "lucide-react";
import { Link } from "react-router";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** /manage (members): My Search History. Arrives with the search feature. */
export function ManageSearchHistoryPage() {
  return (
    <PagePlaceholder
      icon={History}
      title="My Search History"
      description="This page will list the posts you searched for and viewed, with the privacy control that decides whether owners see your name. It arrives with the search feature."
      actions={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
