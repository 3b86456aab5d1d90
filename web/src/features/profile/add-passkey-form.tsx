import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { passkeyNameSchema, SECOND_FACTOR_MESSAGES } from "#contract/api/second-factor.ts";
import { PASSKEY_NAME_MAX_LENGTH } from "#contract/limits.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { passkeyCancelled } from "#web/lib/passkeys.ts";
import { describeBrowser } from "#web/lib/user-agent.ts";
import { useAddPasskey } from "./use-passkeys.ts";

const addPasskeyFormSchema = z.object({ name: passkeyNameSchema });
type AddPasskeyValues = z.infer<typeof addPasskeyFormSchema>;

/** The name offered for a new passkey: where it is being made ("Chrome on Mac"), which the member may change. */
const suggestedName = () =>
  (typeof navigator === "undefined" ? null : describeBrowser(navigator.userAgent)) ?? "My passkey";

/** The browser already holds a passkey of this account (it was in the server's list of ones to exclude). */
const alreadyOnThisDevice = (error: unknown) => error instanceof Error && error.name === "InvalidStateError";

/**
 * Name → the browser's passkey prompt → POST /api/auth/passkeys. Closing the browser's prompt or the password
 * prompt is the member's choice: it is said quietly beside the button, not as an error.
 */
export function AddPasskeyForm() {
  const add = useAddPasskey();
  const [defaults] = useState<AddPasskeyValues>(() => ({ name: suggestedName() }));
  const [notAdded, setNotAdded] = useState(false);
  const form = useForm<AddPasskeyValues>({
    resolver: zodResolver(addPasskeyFormSchema),
    defaultValues: defaults,
  });

  const onSubmit = form.handleSubmit((values) => {
    setNotAdded(false);
    add.mutate(values.name, {
      onSuccess: (passkey) => {
        toast.success("Passkey Added", {
          description: `“${passkey.name}” can now sign you in. Your other devices were signed out.`,
        });
        form.reset(defaults);
      },
      onError: (error) => {
        if (passkeyCancelled(error) || errorCodeOf(error) === "reauth_required") {
          setNotAdded(true);
          return;
        }
        if (applyServerFieldErrors(form, error)) return;
        toast.error("Passkey Not Added", {
          description: alreadyOnThisDevice(error)
            ? SECOND_FACTOR_MESSAGES.passkeyExists
            : errorMessage(error, "Failed to add a passkey"),
        });
      },
    });
  });

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Add a passkey"
        className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <LabelledField
          control={form.control}
          name="name"
          label="Passkey name"
          description="A name to tell it apart, such as the device or password manager that keeps it."
        >
          {({ field }) => <Input autoComplete="off" maxLength={PASSKEY_NAME_MAX_LENGTH} {...field} />}
        </LabelledField>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <SubmitButton pending={add.isPending} icon={<KeyRound aria-hidden="true" />}>
            Add a Passkey
          </SubmitButton>
          <p role="status" className="text-sm text-slate-600">
            {notAdded ? "No passkey was added." : ""}
          </p>
        </div>
      </form>
    </Form>
  );
}
