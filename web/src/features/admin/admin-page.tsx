import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";

export type AdminPageProps = { profile: Profile };

/** /admin. Display only: every admin call is checked by the server. */
export function AdminPage({ profile }: AdminPageProps) {
  if (!profile.isAdmin) {
    return (
      <PagePlaceholder
        icon={ShieldAlert}
        title="Admin access required"
        description="This area is only for Tagit administrators, and your account is not one of them."
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        }
      />
    );
  }
  return (
    <PagePlaceholder
      icon={ShieldCheck}
      title="Admin Panel"
      description="This page will hold the administration panel: taggs, profiles, tagged posts, reported posts, terms, popups, help content and platform settings, after confirming your password again. It arrives with the admin feature."
    />
  );
}
