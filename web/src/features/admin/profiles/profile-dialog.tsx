import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type AdminProfile,
  adminProfileBodySchema,
  adminProfileUpdateBodySchema,
} from "#contract/api/admin-profiles.ts";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { changedFields } from "../admin-form.ts";
import { NameFields } from "../name-fields.tsx";
import { useProfileMutations } from "./use-profile-mutations.ts";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const EMPTY_NEW_PROFILE = { tagg: "", firstName: "", lastName: "", email: "", bio: "" };

/**
 * "Add New Profile": for a tagg already registered that no member holds. No password is set:
 * the address receives an invitation with a set-password link (a reset token valid 7 days).
 */
export function AddProfileDialog({ open, onOpenChange }: DialogProps) {
  const { create } = useProfileMutations();
  const form = useForm({ resolver: zodResolver(adminProfileBodySchema), defaultValues: EMPTY_NEW_PROFILE });
  useEffect(() => {
    if (open) form.reset(EMPTY_NEW_PROFILE);
  }, [open, form]);

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { ...body, bio: body.bio || null },
      {
        onSuccess: (profile) => {
          toast.success("Profile Added", {
            description: `An invitation to set a password was sent to ${profile.email}.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error("Failed to Add Profile", { description: errorMessage(error, "Failed to add profile") });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Add New Profile</DialogTitle>
        <DialogDescription>
          Create the profile for a registered tagg. The member sets their own password from the invitation we
          e-mail them; the link works for 7 days.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <LabelledField control={form.control} name="tagg" label="Tagg">
              {({ field }) => <Input autoComplete="off" required placeholder="tagg_name" {...field} />}
            </LabelledField>
            <NameFields />
            <LabelledField control={form.control} name="email" label="Email">
              {({ field }) => <EmailInput required {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="bio" label="Bio">
              {({ field }) => <Textarea rows={3} {...field} value={field.value ?? ""} />}
            </LabelledField>
            <SubmitButton pending={create.isPending} className="justify-self-end">
              Add Profile
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The form's values; the e-mail field shows an address still waiting for the member, so a save keeps it. */
const editValues = (profile: AdminProfile | null) => ({
  firstName: profile?.firstName ?? "",
  lastName: profile?.lastName ?? "",
  email: profile?.pendingEmail ?? profile?.email ?? "",
  bio: profile?.bio ?? "",
});

/**
 * "Edit Profile": first name, last name and e-mail required. A new e-mail does not move the login:
 * the member is asked at their current address and must confirm it with their password after signing in.
 */
export function EditProfileDialog({
  open,
  onOpenChange,
  profile,
}: DialogProps & { profile: AdminProfile | null }) {
  const { update } = useProfileMutations();
  const form = useForm({
    resolver: zodResolver(adminProfileUpdateBodySchema),
    defaultValues: editValues(profile),
  });
  useEffect(() => {
    if (open) form.reset(editValues(profile));
  }, [open, profile, form]);

  const onSubmit = form.handleSubmit((body) => {
    if (!profile) return;
    if (Object.keys(changedFields(editValues(profile), body)).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: profile.id, body: { ...body, bio: body.bio || null } },
      {
        onSuccess: (saved) => {
          toast.success("Profile Updated", {
            description:
              saved.pendingEmail && saved.pendingEmail !== profile.pendingEmail
                ? `Saved. ${saved.firstName} ${saved.lastName} still signs in with ${saved.email} until they confirm ${saved.pendingEmail}.`
                : `${saved.firstName} ${saved.lastName} is saved.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error("Update Failed", { description: errorMessage(error, "Failed to update profile") });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>
          {profile?.tagg ? `@${profile.tagg}. ` : ""}A new e-mail address is not used for login until the
          member confirms it with their password after signing in; until then they keep signing in and
          receiving e-mails at their current address.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <NameFields />
            <LabelledField
              control={form.control}
              name="email"
              label="Email"
              description={
                profile?.pendingEmail
                  ? `Waiting for the member to confirm. They still sign in with ${profile.email}; enter that address to withdraw the request.`
                  : "A new address waits for the member's confirmation."
              }
            >
              {({ field }) => <EmailInput required {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="bio" label="Bio">
              {({ field }) => <Textarea rows={3} {...field} value={field.value ?? ""} />}
            </LabelledField>
            <SubmitButton pending={update.isPending} className="justify-self-end">
              Save Changes
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
