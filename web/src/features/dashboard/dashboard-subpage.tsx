import type { ReactNode } from "react";
import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { PageTitle } from "#web/components/page-title.tsx";

export type DashboardSubpageProps = { title: string; description: ReactNode; children: ReactNode };

/** A member page reached from the dashboard: the way back, its heading and the cards it combines. */
export function DashboardSubpage({ title, description, children }: DashboardSubpageProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title={title} />
      <BackToDashboard />
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-600">{description}</p>
      </header>
      {children}
    </div>
  );
}
