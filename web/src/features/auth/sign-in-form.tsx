import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { loginBodySchema } from "#contract/api/auth.ts";
import { errorId, FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { useLogin } from "./use-auth-mutations.ts";

export type SignInFormProps = {
  /** Called once the session cookie is set. */
  onSignedIn: () => void;
};

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errorId("signin-email")}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errorId("signin-password")}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? <Spinner className="text-white" /> : null}
        Sign In
      </Button>
    </form>
  );
}
