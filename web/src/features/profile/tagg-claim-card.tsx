import { AtSign, CircleCheck, CircleX, Info } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { TAGG_MAX_LENGTH, TAGG_MIN_LENGTH } from "#contract/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { cn } from "#web/lib/cn.ts";
import { useFieldTypedBeforeHydration } from "#web/lib/use-typed-before-hydration.ts";
import type { TaggStatus } from "./tagg-availability.ts";
import { useClaimTagg, useTaggAvailability } from "./use-tagg-claim.ts";

/**
 * Shown while the member has no tagg: a notice that search features wait for a tagg, and a field to claim a
 * free handle, checked as they type. Claiming updates the profile, which removes this card.
 */
export function TaggClaimCard() {
  const [input, setInput] = useState("");
  // The card arrives in the dashboard's server-rendered HTML: a tagg typed before the app ran is kept.
  const inputRef = useFieldTypedBeforeHydration(setInput);
  const status = useTaggAvailability(input);
  const claim = useClaimTagg();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind !== "available") return;
    // mutateAsync, not mutate callbacks: a successful claim removes this card before they would run.
    try {
      const profile = await claim.mutateAsync(status.tagg);
      toast.success("Tagg Claimed", {
        description: `You are now @${profile.tagg}. Search features are available.`,
      });
    } catch (error) {
      toast.error("Claim Failed", { description: errorMessage(error, "Failed to claim this tagg") });
    }
  };

  return (
    <section
      aria-labelledby="tagg-claim-title"
      className="grid gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
    >
      <div className="flex gap-3">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="tagg-claim-title" className="font-semibold">
            Claim your tagg
          </h2>
          <p className="text-sm">
            Account settings - search features will be available once your tagg is activated
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-2 sm:pl-8">
        <Label htmlFor="tagg-claim-input" className="text-amber-950">
          Your tagg
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <AtSign
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              ref={inputRef}
              id="tagg-claim-input"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={TAGG_MAX_LENGTH + 1}
              placeholder="your_handle"
              className="pl-9"
              aria-invalid={status.kind === "invalid" || status.kind === "taken" ? true : undefined}
              aria-describedby="tagg-claim-status tagg-claim-hint"
            />
          </div>
          <Button type="submit" disabled={status.kind !== "available" || claim.isPending}>
            {claim.isPending ? <Spinner className="text-white" /> : null}
            Claim
          </Button>
        </div>
        <TaggStatusLine status={status} />
        <p id="tagg-claim-hint" className="text-xs text-amber-900/80">
          {TAGG_MIN_LENGTH}–{TAGG_MAX_LENGTH} lower-case letters, digits or underscores. People find your
          posts by typing it exactly.
        </p>
      </form>
    </section>
  );
}

function TaggStatusLine({ status }: { status: TaggStatus }) {
  const text = {
    empty: "",
    checking: "Checking availability...",
    available: status.kind === "available" ? `@${status.tagg} is available` : "",
    taken: "This tagg is already taken",
    invalid: status.kind === "invalid" ? status.message : "",
    error: status.kind === "error" ? status.message : "",
  }[status.kind];
  const good = status.kind === "available";
  const bad = status.kind === "taken" || status.kind === "invalid" || status.kind === "error";
  return (
    <p
      id="tagg-claim-status"
      aria-live="polite"
      className={cn(
        "flex min-h-5 items-center gap-1.5 text-sm",
        good && "font-medium text-emerald-800",
        bad && "text-red-800",
      )}
    >
      {status.kind === "checking" ? <Spinner className="size-4" /> : null}
      {good ? <CircleCheck className="size-4" aria-hidden="true" /> : null}
      {bad ? <CircleX className="size-4" aria-hidden="true" /> : null}
      {text}
    </p>
  );
}
