import { CircleCheck, LinkIcon, LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { PageTitle } from "#web/components/page-title.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { ApiError } from "#web/lib/api-request.ts";
import { useVerifyEmail } from "./use-email-verification.ts";
import { useLinkToken } from "./use-link-token.ts";

/**
 * /verify-email?token=…: redeems the link from the verification e-mail as soon as the page opens (the token
 * leaves the address bar).
 */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, also under React's double effects in development: a link works only once.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const failed = !token || verify.isError;
  const message =
    verify.error instanceof ApiError && verify.error.body
      ? verify.error.body.error
      : "This verification link is invalid or has expired";

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
      <PageTitle title="Verify E-mail" />
      <Card className="w-full">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center" role="status">
          {verify.isSuccess ? (
            <>
              <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                <CircleCheck className="size-7" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-bold tracking-tight">E-mail address verified</h1>
              <p className="text-slate-600">Thank you: {verify.data.email} is confirmed as your address.</p>
              <Button asChild className="w-full">
                <Link to="/dashboard">Go to your dashboard</Link>
              </Button>
            </>
          ) : failed ? (
            <>
              <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
                <LinkIcon className="size-7" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-bold tracking-tight">Link not valid</h1>
              <p className="text-slate-600">
                {token ? message : "This verification link is missing its token."} Sign in and ask for a new
                link from your dashboard.
              </p>
              <Button asChild className="w-full">
                <Link to="/dashboard">Go to your dashboard</Link>
              </Button>
            </>
          ) : (
            <>
              <LoaderCircle className="size-8 animate-spin text-brand-700" aria-hidden="true" />
              <p className="text-slate-600">Verifying your e-mail address...</p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
