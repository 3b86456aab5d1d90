import { useQueryClient } from "@tanstack/react-query";
import { Eye, EyeOff, Info, Pause, ShieldCheck, Timer, TriangleAlert } from "lucide-react";
import { type ComponentType, useState } from "react";
import { HIDE_MODE_MIN_UNIQUE_VIEWS, PAUSE_HOURS } from "#contract/limits.ts";
import { HelpButton } from "#web/components/help-button.tsx";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { ANONYMOUS_NOT_RECORDED, ANONYMOUS_SHOWN_LATER } from "./anonymity-copy.ts";
import { describeTimeRemaining, formatTimeRemaining } from "./countdown.ts";
import { HideSearchesPopup } from "./hide-searches-popup.tsx";
import { usePauseCountdown } from "./use-pause-countdown.ts";
import {
  fetchHideSearchesPopup,
  type PrivacyMode,
  usePrivacySettings,
  useUpdatePrivacy,
} from "./use-privacy-settings.ts";

type ModeOption = {
  mode: PrivacyMode;
  label: string;
  hint: string;
  icon: ComponentType<{ className?: string }>;
};

const MODES: readonly ModeOption[] = [
  { mode: "show", label: "Show", hint: "Owners see your name and get a notification.", icon: Eye },
  {
    mode: "hide",
    label: "Hide",
    hint: `You appear as Anonymous User. Needs ${HIDE_MODE_MIN_UNIQUE_VIEWS} unique views on your best post.`,
    icon: EyeOff,
  },
  {
    mode: "pause",
    label: "Pause",
    hint: `Anonymous for ${PAUSE_HOURS} hours, then back to Show.`,
    icon: Pause,
  },
];

const STATUS: Record<PrivacyMode, string> = {
  show: "Your searches are visible.",
  hide: "Your searches are hidden.",
  pause: "Your searches are paused.",
};

export type PrivacySettingsCardProps = { className?: string };

/** Privacy settings: Show / Hide / Pause, the hide popup, and the pause countdown. */
export function PrivacySettingsCard({ className }: PrivacySettingsCardProps) {
  const queryClient = useQueryClient();
  const query = usePrivacySettings();
  const update = useUpdatePrivacy();
  const countdown = usePauseCountdown(query.data, query.dataUpdatedAt, query.refetch);
  const [popup, setPopup] = useState<{ content: string } | null>(null);
  const [checkingPopup, setCheckingPopup] = useState(false);
  const [pausedInstead, setPausedInstead] = useState(false);
  const busy = update.isPending || checkingPopup;

  const apply = (mode: PrivacyMode) => {
    countdown.cancelExpiry();
    setPausedInstead(false);
    update.mutate(mode, {
      onSuccess: (answer) =>
        setPausedInstead(answer.requestedMode === "hide" && answer.privacyMode === "pause"),
    });
  };

  const choose = async (mode: PrivacyMode) => {
    if (mode !== "hide") {
      apply(mode);
      return;
    }
    setCheckingPopup(true);
    const setting = await fetchHideSearchesPopup(queryClient);
    setCheckingPopup(false);
    if (setting.isEnabled) setPopup({ content: setting.content });
    else apply("hide");
  };

  return (
    <Card role="region" aria-labelledby="privacy-settings-title" className={className}>
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="flex items-center gap-1">
          <CardTitle id="privacy-settings-title" className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
            Privacy Settings
          </CardTitle>
          <HelpButton sectionName="privacy-settings" topic="Privacy settings" />
        </div>
        <CardDescription>How you appear when you search for or open other members' posts.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading privacy settings..." className="grid gap-3">
              <Skeleton className="h-5 w-48" />
              <div className="grid grid-cols-3 gap-2">
                <Skeleton className="h-20" />
                <Skeleton className="h-20" />
                <Skeleton className="h-20" />
              </div>
            </LoadingStatus>
          }
          error="Failed to load privacy settings"
        >
          {(settings) => (
            <>
              <p className="text-sm font-medium text-slate-800" aria-live="polite">
                {STATUS[settings.privacyMode]}
              </p>
              <fieldset className="grid min-w-0 gap-2 sm:grid-cols-3">
                <legend className="sr-only">Privacy mode</legend>
                {MODES.map((option) => {
                  const active = settings.privacyMode === option.mode;
                  const Icon = option.icon;
                  return (
                    <button
                      key={option.mode}
                      type="button"
                      aria-pressed={active}
                      disabled={busy}
                      onClick={() => void choose(option.mode)}
                      className={cn(
                        "flex items-start gap-3 rounded-xl border p-3 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-60 sm:flex-col sm:gap-1.5",
                        active
                          ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600"
                          : "border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50",
                      )}
                    >
                      <span className="flex w-20 shrink-0 items-center gap-2 font-semibold text-slate-900 sm:w-auto">
                        {(checkingPopup && option.mode === "hide") ||
                        (update.isPending && update.variables === option.mode) ? (
                          <Spinner className="size-4" />
                        ) : (
                          <Icon className={cn("size-4", active ? "text-brand-700" : "text-slate-500")} />
                        )}
                        {option.label}
                      </span>
                      <span className="text-xs text-slate-600">{option.hint}</span>
                    </button>
                  );
                })}
              </fieldset>
              <div className="flex gap-2 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
                <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <p>
                  <span className="font-medium text-slate-900">{ANONYMOUS_NOT_RECORDED}</span>{" "}
                  {ANONYMOUS_SHOWN_LATER}
                </p>
              </div>
              {settings.privacyMode === "pause" && countdown.remainingMs !== null ? (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
                  <Timer className="size-5 shrink-0" aria-hidden="true" />
                  <span className="text-sm font-medium">Time remaining</span>
                  <span className="font-mono text-lg font-semibold tabular-nums" aria-hidden="true">
                    {formatTimeRemaining(countdown.remainingMs)}
                  </span>
                  <span className="sr-only">{describeTimeRemaining(countdown.remainingMs)}</span>
                </div>
              ) : null}
              {pausedInstead && settings.privacyMode === "pause" ? (
                <Alert variant="warning">
                  <TriangleAlert aria-hidden="true" />
                  <p>
                    Hide needs at least {HIDE_MODE_MIN_UNIQUE_VIEWS} unique viewers on your most-viewed post,
                    so your searches are paused for {PAUSE_HOURS} hours instead.
                  </p>
                </Alert>
              ) : null}
            </>
          )}
        </QueryState>
      </CardContent>
      <HideSearchesPopup
        open={popup !== null}
        content={popup?.content ?? ""}
        onCancel={() => setPopup(null)}
        onClosed={() => {
          setPopup(null);
          apply("hide");
        }}
      />
    </Card>
  );
}
