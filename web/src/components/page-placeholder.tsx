import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "#web/components/ui/card.tsx";
import { PageTitle } from "./page-title.tsx";

export type PagePlaceholderProps = {
  title: string;
  /** One honest sentence: what this page will hold and which feature brings it. */
  description: string;
  icon: LucideIcon;
  /** Optional links or buttons, e.g. back to the dashboard. */
  actions?: ReactNode;
};

/** A routed page whose feature is not built yet. It never shows sample or invented data. */
export function PagePlaceholder({ title, description, icon: Icon, actions }: PagePlaceholderProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageTitle title={title} />
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="max-w-md text-slate-600">{description}</p>
        {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </Card>
    </div>
  );
}
