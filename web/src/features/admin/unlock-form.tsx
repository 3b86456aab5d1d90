import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { type AdminSessionResponse, adminSessionBodySchema } from "#contract/api/admin.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { apiRequest, errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { adminSession } from "./admin-session.ts";

/** The panel asks a signed-in administrator for their password once per tab (DESIGN "Accounts, sessions"). */
export function UnlockForm() {
  const form = useForm({ resolver: zodResolver(adminSessionBodySchema), defaultValues: { password: "" } });
  const unlock = useMutation({
    mutationFn: (body: { password: string }) =>
      apiRequest<AdminSessionResponse>("POST", "/api/admin/session", body),
    onSuccess: ({ sessionId }) => adminSession.set(sessionId),
    onError: (error) => {
      const message = errorMessage(error, "Failed to open the admin panel");
      if (errorCodeOf(error) === "wrong_password")
        form.setError("password", { message }, { shouldFocus: true });
      else toast.error("Unlock Failed", { description: message });
    },
  });

  return (
    <Card className="mx-auto grid w-full max-w-md gap-5 p-6">
      <div className="grid gap-2 text-center">
        <ShieldCheck className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Admin Panel</h1>
        <p className="text-sm text-slate-600">Enter your password again to open the admin panel.</p>
      </div>
      <Form {...form}>
        <form onSubmit={form.handleSubmit((body) => unlock.mutate(body))} noValidate className="grid gap-4">
          <LabelledField control={form.control} name="password" label="Password">
            {({ field }) => (
              <PasswordInput
                toggleLabel="password"
                autoComplete="current-password"
                autoFocus
                required
                {...field}
              />
            )}
          </LabelledField>
          <SubmitButton pending={unlock.isPending} size="lg" className="w-full">
            Unlock
          </SubmitButton>
        </form>
      </Form>
    </Card>
  );
}
