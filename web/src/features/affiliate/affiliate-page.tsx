import { HandCoins } from "lucide-react";
import { Link } from "react-router";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** /affiliate (members). Arrives with the affiliate feature. */
export function AffiliatePage() {
  return (
    <PagePlaceholder
      icon={HandCoins}
      title="Affiliate Program"
      description="This page will hold your referral link, the members you referred, your commission earnings and payout requests. It arrives with the affiliate feature."
      actions={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
