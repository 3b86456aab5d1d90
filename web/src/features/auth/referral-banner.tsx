import { Gift } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";

/** Tells a visitor who followed a referral link that their code is kept for sign-up. */
export function ReferralBanner({ referralCode }: { referralCode: string }) {
  return (
    <Alert variant="success" role="note">
      <Gift aria-hidden="true" />
      <p>
        You were invited with referral code <strong className="font-semibold">{referralCode}</strong>. It is
        applied when you create your account.
      </p>
    </Alert>
  );
}
