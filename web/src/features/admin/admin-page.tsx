import { ShieldAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";

// The panel is its own chunk, loaded lazily: members never download it.
const AdminPanel = lazy(() => import("./admin-panel.tsx").then((module) => ({ default: module.AdminPanel })));

export type AdminPageProps = { profile: Profile };

/** /admin. What it shows is for display only: every admin call is checked by the server. */
export function AdminPage({ profile }: AdminPageProps) {
  if (!profile.isAdmin) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <EmptyState
          icon={ShieldAlert}
          title="Admin access required"
          description="This area is only for Tagit administrators, and your account is not one of them."
          action={
            <Button asChild variant="outline">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<PageSpinner label="Loading admin panel..." />}>
      <AdminPanel />
    </Suspense>
  );
}
