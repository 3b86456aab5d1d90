import { SocialLinksCard } from "#web/features/profile/social-links-card.tsx";
import { AffiliateCard } from "./affiliate-card.tsx";

/**
 * The dashboard cards of the profile area: social links and the affiliate programme. (The link card to
 * /search-tagged-posts is `DashboardLinkCards`, beside the Delete My Search card.)
 */
export function DashboardProfileCards() {
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <SocialLinksCard />
      <AffiliateCard />
    </div>
  );
}
