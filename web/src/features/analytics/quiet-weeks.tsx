import { EyeOff } from "lucide-react";
import { type QuietWeek, quietWeekText } from "#contract/api/analytics.ts";
import { useQuietWeeks } from "./use-quiet-weeks.ts";

const weekOf = (week: QuietWeek) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(week.windowStart));

/**
 * The weeks that held too few anonymous visitors to show any of their activity: each is one line, with no post,
 * term or visitor, so that nobody can be picked out of a week only one or two people looked. Nothing at all while
 * there are none (or while they load: the activity list above is what the member came for).
 */
export function QuietWeeks() {
  const { data } = useQuietWeeks();
  if (!data || data.length === 0) return null;
  return (
    <section aria-label="Quiet weeks" className="grid gap-1.5">
      <ul className="grid gap-1 text-sm text-slate-600">
        {data.map((week) => (
          <li key={week.id} className="flex items-start gap-2">
            <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>
              {quietWeekText(week)} (week of {weekOf(week)}).
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        Anonymous activity is shown only when enough different people visited in the same hour, day or week,
        so that nobody can be picked out.
      </p>
    </section>
  );
}
