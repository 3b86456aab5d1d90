import { Bell, BellRing, ShieldAlert, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Notice } from "#contract/api/notices.ts";
import type { Profile } from "#contract/api/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#web/components/ui/popover.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useLiveAnalytics } from "#web/features/analytics/index.ts";
import { BlockMemberButton } from "#web/features/safety/index.ts";
import { cn } from "#web/lib/cn.ts";
import { dashboardDialogLink } from "#web/lib/dashboard-dialogs.ts";
import { postDisplayName } from "#web/lib/post-display.ts";
import { absoluteTimeLabel, relativeTimeLabel } from "#web/lib/relative-time.ts";
import { useNow } from "#web/lib/use-now.ts";
import { playNotificationTone, watchForUserGesture } from "./notification-sound.ts";
import {
  type AppNotification,
  badgeLabel,
  buildNotifications,
  detectArrivals,
  noticeLink,
} from "./notifications.ts";
import { useDismissedNotifications } from "./use-dismissed-notifications.ts";
import { useDismissNotices, useNotices } from "./use-notices.ts";

export type NotificationBellProps = { profile: Profile };

/**
 * The header's notification bell: the member's moderation notices (a post hidden pending review
 * or removed, kept on the server), then up to 10 items derived from visible visitors' events,
 * de-duplicated, dismissable per member, a badge with the count or 9+, a tone and a "new" marker when more
 * arrive. It also keeps the analytics list live for the whole app (stream + 3 s conditional poll).
 */
export function NotificationBell({ profile }: NotificationBellProps) {
  const query = useLiveAnalytics(true);
  const notices = useNotices(true).data ?? [];
  const dismissNotices = useDismissNotices();
  const { dismissed, dismiss } = useDismissedNotifications(profile.id, query.data);
  const items = query.data ? buildNotifications(query.data, dismissed) : [];
  const count = items.length + notices.length;
  const [open, setOpen] = useState(false);
  const [hasNew, setHasNew] = useState(false);
  const navigate = useNavigate();
  const now = useNow(30_000);
  const seenEvents = useRef<Set<string> | null>(null);
  const shownCount = useRef(0);
  const latest = useRef({ dismissed, open });
  latest.current = { dismissed, open };

  useEffect(() => watchForUserGesture(), []);

  // New events (not dismissals, not older items moving up) ring the bell; the first list is the baseline.
  useEffect(() => {
    const events = query.data;
    if (!events) return;
    const current = buildNotifications(events, latest.current.dismissed);
    const arrival = detectArrivals(seenEvents.current, shownCount.current, current);
    seenEvents.current = new Set(events.map((event) => event.id));
    if (arrival.newIds.length === 0) return;
    if (!latest.current.open) setHasNew(true);
    if (arrival.playSound) playNotificationTone();
  }, [query.data]);

  useEffect(() => {
    shownCount.current = items.length;
  }, [items.length]);

  // A new moderation notice marks the bell as new too (the first list is the baseline).
  const seenNotices = useRef<Set<string> | null>(null);
  const noticeIds = notices.map((notice) => notice.id).join(",");
  useEffect(() => {
    const ids = noticeIds ? noticeIds.split(",") : [];
    const seen = seenNotices.current;
    seenNotices.current = new Set(ids);
    if (seen && ids.some((id) => !seen.has(id)) && !latest.current.open) setHasNew(true);
  }, [noticeIds]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setHasNew(false);
  };

  // The dashboard opens My Tagged Posts on its Analytics view once it is there, however long that takes.
  const view = () => {
    setOpen(false);
    const { to, state } = dashboardDialogLink("analytics");
    void navigate(to, { state });
  };

  const badge = badgeLabel(count);
  const label = count === 0 ? "Notifications" : `Notifications (${count}${hasNew ? " new" : ""})`;
  const BellIcon = hasNew ? BellRing : Bell;

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className="relative"
          data-new={hasNew ? "true" : undefined}
        >
          <BellIcon
            className={cn("size-5!", hasNew && "text-brand-700 motion-safe:animate-pulse")}
            aria-hidden="true"
          />
          {badge ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={count === 0}
            onClick={() => {
              dismiss(items.map((item) => item.id));
              if (notices.length > 0) dismissNotices.mutate(notices.map((notice) => notice.id));
            }}
          >
            Clear All
          </Button>
        </div>
        {count === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">
            {query.isPending ? "Loading notifications..." : "No new notifications"}
          </p>
        ) : (
          <ul className="max-h-[min(28rem,70dvh)] divide-y divide-slate-100 overflow-y-auto">
            {notices.map((notice) => (
              <NoticeItem
                key={notice.id}
                notice={notice}
                now={now}
                onDismiss={() => dismissNotices.mutate([notice.id])}
                onFollow={() => setOpen(false)}
              />
            ))}
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                now={now}
                onView={view}
                onDismiss={() => dismiss([item.id])}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

type NoticeItemProps = {
  notice: Notice;
  now: Date;
  onDismiss: () => void;
  /** The notice's link was followed: the bell closes. */
  onFollow: () => void;
};

/**
 * A notice: moderation of one of my posts (never saying who reported it), a decision about me with its link
 * to the reasons and the appeal, an appeal's outcome, my tagg removed by an administrator, the outcome of a post
 * I reported, or a repeated-search alert.
 */
export function NoticeItem({ notice, now, onDismiss, onFollow }: NoticeItemProps) {
  const link = noticeLink(notice);
  const subject = notice.postName ? `"${notice.postName}"` : notice.tagg ? `@${notice.tagg}` : null;
  return (
    <li className="flex gap-3 bg-amber-50/60 px-4 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <ShieldAlert className="size-4" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm break-words text-slate-800">{notice.text}</p>
        <div className="flex items-center gap-2">
          <time
            className="text-xs text-slate-500"
            dateTime={notice.createdAt}
            title={absoluteTimeLabel(notice.createdAt)}
          >
            {relativeTimeLabel(notice.createdAt, now)}
          </time>
          {link ? (
            <Link
              to={link.to}
              onClick={onFollow}
              className="ml-auto rounded text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {link.label}
              {subject ? <span className="sr-only"> about {subject}</span> : null}
            </Link>
          ) : null}
          {/* A repeated-search alert offers to block the visitor; once blocked, the alert has done its job. */}
          {notice.kind === "repeated_search" && notice.visitor ? (
            <BlockMemberButton
              member={notice.visitor}
              onBlocked={onDismiss}
              variant="link"
              className="ml-auto h-auto py-0 text-xs text-red-700"
            />
          ) : null}
        </div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss notice about ${notice.postName ?? notice.visitor?.name ?? (notice.tagg ? `@${notice.tagg}` : "your posts")}`}
        className="-mt-1 -mr-2 self-start rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

type NotificationItemProps = {
  item: AppNotification;
  now: Date;
  onView: () => void;
  onDismiss: () => void;
};

function NotificationItem({ item, now, onView, onDismiss }: NotificationItemProps) {
  const [firstName = "", ...rest] = item.visitorName.split(" ");
  return (
    <li className="flex gap-3 px-4 py-3">
      <UserAvatar
        firstName={firstName}
        lastName={rest.join(" ")}
        pictureUrl={item.visitorPictureUrl}
        className="size-9"
        fallbackClassName="text-xs"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{item.visitorName}</span> {item.actionText}
        </p>
        <p className="truncate text-xs text-slate-600">
          {item.postName ? postDisplayName(item.postName) : null}
          {item.postName && item.searchTerm ? " · " : null}
          {item.searchTerm ? `“${item.searchTerm}”` : null}
        </p>
        <div className="flex items-center gap-2">
          <time
            className="text-xs text-slate-500"
            dateTime={item.createdAt}
            title={absoluteTimeLabel(item.createdAt)}
          >
            {relativeTimeLabel(item.createdAt, now)}
          </time>
          <Button variant="link" size="sm" className="ml-auto h-auto py-0 text-xs" onClick={onView}>
            View
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss notification from ${item.visitorName}`}
        className="-mt-1 -mr-2 self-start rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
