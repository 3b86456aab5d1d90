import { Eye, Search, UserRound } from "lucide-react";
import { useId } from "react";
import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { BlockMemberButton } from "#web/features/safety/index.ts";
import { cn } from "#web/lib/cn.ts";
import { absoluteTimeLabel, relativeTimeLabel } from "#web/lib/relative-time.ts";
import { actionText, canViewAllViewers, TIME_WINDOW_HINT, timeWindowLabel } from "./analytics-display.ts";

/**
 * When it happened: a named visitor's exact time ("5 minutes ago"); an anonymous visitor's window
 * ("Today, 14:00–15:00"), which is all the server knows — it never suggests a moment.
 */
function EventTime({ event, now }: { event: AnalyticsEvent; now: Date }) {
  if (event.timeWindowMinutes === null) {
    return (
      <time dateTime={event.createdAt} title={absoluteTimeLabel(event.createdAt)}>
        {relativeTimeLabel(event.createdAt, now)}
      </time>
    );
  }
  return (
    <time dateTime={event.createdAt} title={TIME_WINDOW_HINT}>
      {timeWindowLabel(event.createdAt, event.timeWindowMinutes, now)}
    </time>
  );
}

export type ActivityRowProps = {
  event: AnalyticsEvent;
  now: Date;
  selecting: boolean;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onViewAll: () => void;
};

/**
 * One search or view in the visitor activity list: who (a named visitor's avatar and tagg, or "Anonymous"), what
 * they did and on which post, when, and — unless rows are being selected — View All Viewers and Block.
 */
export function ActivityRow({
  event,
  now,
  selecting,
  checked,
  onCheckedChange,
  onViewAll,
}: ActivityRowProps) {
  const checkboxId = useId();
  const anonymous = event.visitorId === null;
  const [firstName = "", ...rest] = event.visitorName.split(" ");
  const ActionIcon = event.action === "view" ? Eye : Search;

  return (
    <li className={cn("flex gap-3 px-3 py-3 sm:px-4", checked && "bg-brand-50")} data-analytics-id={event.id}>
      {selecting ? (
        <Checkbox
          id={checkboxId}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-label={`Select ${event.visitorName} ${actionText(event.action)}`}
          className="mt-2.5"
        />
      ) : null}
      {anonymous ? (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <UserRound className="size-5" aria-hidden="true" />
        </span>
      ) : (
        <UserAvatar
          firstName={firstName}
          lastName={rest.join(" ")}
          pictureUrl={event.visitorProfilePictureUrl}
          className="size-10"
          fallbackClassName="text-sm"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm text-slate-700">
          <span className={cn("font-semibold", anonymous ? "text-slate-600 italic" : "text-slate-900")}>
            {event.visitorName}
          </span>
          {event.visitorTagg ? <span className="text-brand-700"> @{event.visitorTagg}</span> : null}{" "}
          {actionText(event.action)}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span className="inline-flex max-w-full min-w-0 items-center gap-1">
            <ActionIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {event.postName ? (
                <>
                  Post: <span className="font-medium text-slate-800">{event.postName}</span>
                </>
              ) : (
                "Your tagg"
              )}
            </span>
          </span>
          {event.searchTerm ? <span className="max-w-full truncate">Term: “{event.searchTerm}”</span> : null}
          <EventTime event={event} now={now} />
        </p>
        {!selecting && (canViewAllViewers(event) || event.visitorId !== null) ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {canViewAllViewers(event) ? (
              <Button variant="link" size="sm" className="h-auto px-0 py-0.5 text-xs" onClick={onViewAll}>
                View All Viewers
              </Button>
            ) : null}
            {/* Only a named visitor can be blocked: an anonymous row carries no one to block. */}
            {event.visitorId !== null ? (
              <BlockMemberButton
                member={{ id: event.visitorId, name: event.visitorName }}
                variant="link"
                className="h-auto px-0 py-0.5 text-xs text-red-700"
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
