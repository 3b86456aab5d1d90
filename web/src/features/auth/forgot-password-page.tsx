import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { forgotPasswordBodySchema } from "#contract/api/auth.ts";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { AuthScreenShell } from "./auth-screen-shell.tsx";
import { forgotPasswordFailureToast } from "./forgot-password-failure.ts";
import { useForgotPassword } from "./use-auth-mutations.ts";

const TIPS = [
  "Check your spam or junk folder.",
  "Make sure you entered the email address you registered with.",
  "Wait a moment: emails can take a few minutes to arrive.",
];

function BackToLogin() {
  return (
    <Link
      to="/auth"
      className="inline-flex items-center gap-1.5 rounded font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Login
    </Link>
  );
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: "" } });

  const onSubmit = form.handleSubmit((body) =>
    forgot.mutate(body, {
      onSuccess: () => {
        toast.success("Reset Email Sent", {
          description: "Check your email for password reset instructions.",
        });
        setSentTo(body.email);
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        const { title, description } = forgotPasswordFailureToast(error);
        toast.error(title, { description });
      },
    }),
  );

  if (sentTo) {
    return (
      <AuthScreenShell title="Check Your Email">
        <Card className="w-full">
          <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <MailCheck className="size-7" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">Check Your Email</h1>
            <p className="text-slate-600">
              If an account exists for <strong className="break-all text-slate-900">{sentTo}</strong>, we have
              sent a link to reset your password. It is valid for one hour.
            </p>
            <ul className="w-full space-y-2 rounded-xl bg-slate-50 p-4 text-left text-sm text-slate-700">
              {TIPS.map((tip) => (
                <li key={tip} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
                  {tip}
                </li>
              ))}
            </ul>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => {
                forgot.reset();
                form.reset({ email: "" });
                setSentTo(null);
              }}
            >
              Try Different Email
            </Button>
          </CardContent>
          <CardFooter className="justify-center text-sm">
            <BackToLogin />
          </CardFooter>
        </Card>
      </AuthScreenShell>
    );
  }

  return (
    <AuthScreenShell title="Forgot Password">
      <Card className="w-full">
        <CardHeader>
          <CardTitle level={1} className="text-2xl" id="forgot-title">
            Forgot your password?
          </CardTitle>
          <CardDescription>
            Enter your email address and we will send you a link to choose a new one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="forgot-title">
              <LabelledField control={form.control} name="email" label="Email">
                {({ field }) => <EmailInput required placeholder="you@example.com" {...field} />}
              </LabelledField>
              <SubmitButton pending={forgot.isPending} size="lg" className="w-full">
                Send Reset Link
              </SubmitButton>
            </form>
          </Form>
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <BackToLogin />
        </CardFooter>
      </Card>
    </AuthScreenShell>
  );
}
