import { ArrowLeft, RefreshCw } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** The payment step when its form could not be loaded: back to the plans, or try again. */
export function PaymentFormError({ onRetry, onBack }: { onRetry: () => void; onBack: () => void }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" role="alert">
        <p>The payment form could not be loaded. Please check your connection and try again.</p>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to Plans
        </Button>
        <Button onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </div>
  );
}
