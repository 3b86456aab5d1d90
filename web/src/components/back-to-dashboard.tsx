import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";

/** The way back at the top of member pages that hang off the dashboard. */
export function BackToDashboard() {
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
    </div>
  );
}
