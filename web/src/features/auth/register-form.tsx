import { useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { PASSWORD_MIN_LENGTH } from "#contract/limits.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { lazyResolver } from "#web/lib/lazy-resolver.ts";
import { useTypedBeforeHydration } from "#web/lib/use-typed-before-hydration.ts";
import { PASSWORD_MISMATCH } from "./auth-form-messages.ts";
import { forgetReferralCode } from "./referral.ts";
import { ReferralBanner } from "./referral-banner.tsx";
import { useRegister } from "./use-auth-mutations.ts";

const resolver = lazyResolver(() => import("./auth-resolvers.ts").then((module) => module.registerResolver));

type RegisterFormFields = "firstName" | "lastName" | "email" | "password" | "confirmPassword";

type FieldSpec = {
  name: RegisterFormFields;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
};

const FIELDS: FieldSpec[] = [
  { name: "firstName", label: "First Name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    hint: `At least ${PASSWORD_MIN_LENGTH} characters`,
  },
  { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
];

export type RegisterFormProps = {
  referralCode: string | null;
  onRegistered: () => void;
};

export function RegisterForm({ referralCode, onRegistered }: RegisterFormProps) {
  const register = useRegister();
  const form = useForm({
    resolver,
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, formRef);
  const busy = register.isPending || register.isSuccess;

  const onSubmit = form.handleSubmit(
    ({ confirmPassword: _confirm, ...body }) =>
      register.mutate(
        { ...body, ...(referralCode ? { referralCode } : {}) },
        {
          onSuccess: () => {
            forgetReferralCode();
            toast.success("Registration Successful", {
              description: "Welcome to Tagit! Explore your dashboard to get started.",
            });
            onRegistered();
          },
          onError: (error) => {
            applyServerFieldErrors(form, error);
            toast.error("Registration Failed", { description: errorMessage(error, "Registration failed") });
          },
        },
      ),
    (invalid) => {
      if (invalid.confirmPassword?.message === PASSWORD_MISMATCH) {
        toast.error("Password Mismatch", { description: PASSWORD_MISMATCH });
      }
    },
  );

  return (
    <Form {...form}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        {referralCode ? <ReferralBanner referralCode={referralCode} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((spec) => (
            <LabelledField
              key={spec.name}
              control={form.control}
              name={spec.name}
              label={spec.label}
              description={spec.hint}
              className={spec.name === "firstName" || spec.name === "lastName" ? undefined : "sm:col-span-2"}
            >
              {({ field }) => <Input type={spec.type} autoComplete={spec.autoComplete} required {...field} />}
            </LabelledField>
          ))}
        </div>
        <SubmitButton pending={busy} size="lg" className="mt-1 w-full">
          Create Account
        </SubmitButton>
      </form>
    </Form>
  );
}
