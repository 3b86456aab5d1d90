import { lazy, Suspense } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";

// The editor and its canvas library are their own chunks: loaded only on this page.
const MontageEditor = lazy(() =>
  import("./montage-editor.tsx").then((module) => ({ default: module.MontageEditor })),
);

export type WallpaperPageProps = { profile: Profile };

/** /wallpaper (members): "Create Your Montage", made entirely in the browser. */
export function WallpaperPage({ profile }: WallpaperPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-3 py-8 sm:px-6">
      <PageTitle title="Create Your Montage" />
      <BackToDashboard />
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Create Your Montage</h1>
        <p className="text-slate-600">
          Turn your profile picture and favourite images into an 800×600 wallpaper. Everything stays on your
          device: nothing is uploaded.
        </p>
      </header>
      <Suspense fallback={<PageSpinner label="Loading montage maker..." />}>
        <MontageEditor profile={profile} />
      </Suspense>
    </div>
  );
}
