import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "#web/components/logo.tsx";
import { PageTitle } from "#web/components/page-title.tsx";

export type AuthScreenShellProps = { title: string; children: ReactNode };

/** Full-screen frame (no site header) for the forgot- and reset-password screens. */
export function AuthScreenShell({ title, children }: AuthScreenShellProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-linear-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <PageTitle title={title} />
      <Link to="/" className="mb-8 rounded-lg" aria-label="Tagit home">
        <Logo />
      </Link>
      <div className="flex w-full max-w-md flex-col items-center">{children}</div>
    </div>
  );
}
