import { LinkIcon, ShieldAlert } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { ApiError } from "#web/lib/api-request.ts";
import { AuthScreenShell } from "./auth-screen-shell.tsx";
import { useLinkToken } from "./use-link-token.ts";
import { useWasntMe } from "./use-wasnt-me.ts";

/**
 * /wasnt-me?token=…: the "Wasn't me" link of a new-sign-in e-mail (the token leaves the address bar). Opening it
 * changes nothing; the button signs the account out everywhere and takes the member to choose a new password.
 */
export function WasntMePage() {
  const token = useLinkToken();
  const secure = useWasntMe();
  const navigate = useNavigate();

  const onSecure = () =>
    secure.mutate(
      { token },
      {
        onSuccess: ({ resetToken }) =>
          navigate(`/reset-password?token=${encodeURIComponent(resetToken)}`, { replace: true }),
      },
    );

  const failure =
    !token || secure.isError
      ? secure.error instanceof ApiError && secure.error.body
        ? secure.error.body.error
        : "This link is missing its token."
      : null;

  return (
    <AuthScreenShell title="Wasn't Me">
      <Card className="w-full">
        {failure ? (
          <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
              <LinkIcon className="size-7" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">Link not valid</h1>
            <p className="text-slate-600" role="alert">
              {failure} If someone else may know your password, choose a new one.
            </p>
            <Button asChild className="w-full">
              <Link to="/forgot-password">Reset your password</Link>
            </Button>
          </CardContent>
        ) : (
          <>
            <CardHeader className="items-center text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
                <ShieldAlert className="size-7" aria-hidden="true" />
              </span>
              <CardTitle level={1} className="text-2xl">
                Secure your account
              </CardTitle>
              <CardDescription>
                We'll sign your account out on every device, including this one, and your current password
                will stop working. You'll then choose a new password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button
                className="h-auto w-full whitespace-normal py-2"
                variant="destructive"
                onClick={onSecure}
                disabled={secure.isPending}
              >
                {secure.isPending ? "Securing your account..." : "Sign out everywhere and reset my password"}
              </Button>
            </CardContent>
          </>
        )}
        <CardFooter className="justify-center text-sm">
          <Link to="/auth" className="rounded font-medium text-brand-700 hover:underline">
            It was me: back to Tagit
          </Link>
        </CardFooter>
      </Card>
    </AuthScreenShell>
  );
}
