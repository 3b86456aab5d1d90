import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { lazyResolver } from "#web/lib/lazy-resolver.ts";
import { useLogin } from "./use-auth-mutations.ts";

const resolver = lazyResolver(() => import("./auth-resolvers.ts").then((module) => module.signInResolver));

export type SignInFormProps = {
  /** Called once the session cookie is set. */
  onSignedIn: () => void;
};

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const login = useLogin();
  const form = useForm({
    resolver,
    defaultValues: { email: "", password: "" },
  });
  const busy = login.isPending || login.isSuccess;

  const onSubmit = form.handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: () => {
        toast.success("Login Successful", { description: "Welcome back!" });
        onSignedIn();
      },
      onError: (error) => {
        toast.error("Login Failed", { description: errorMessage(error, "Login failed") });
      },
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <LabelledField control={form.control} name="email" label="Email">
          {({ field }) => <EmailInput required placeholder="you@example.com" {...field} />}
        </LabelledField>
        <LabelledField control={form.control} name="password" label="Password">
          {({ field }) => <Input type="password" autoComplete="current-password" required {...field} />}
        </LabelledField>
        <SubmitButton pending={busy} size="lg" className="mt-1 w-full">
          Sign In
        </SubmitButton>
      </form>
    </Form>
  );
}
