import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Lock, ShieldCheck } from "lucide-react";
import { useCallback, useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { BIO_MAX_LENGTH, DEFAULT_THEME } from "#contract/limits.ts";
import type { Theme } from "#contract/themes.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { cn } from "#web/lib/cn.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { AvatarField } from "./avatar-field.tsx";
import { DeleteProfileSection } from "./delete-profile-section.tsx";
import {
  type EditProfileValues,
  editProfileDefaults,
  editProfileFormSchema,
  profileChanges,
} from "./profile-changes.ts";
import { ThemeSelect } from "./theme-select.tsx";
import { useProfileImageUpload } from "./use-profile-image-upload.ts";
import { useUpdateProfile } from "./use-profile-mutations.ts";
import { WallpaperField } from "./wallpaper-field.tsx";
import { formatWallpaperPosition, parseWallpaperPosition } from "./wallpaper-position.ts";

export type EditProfileDialogProps = {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens Security Settings, where the e-mail is changed. */
  onOpenSecurity: () => void;
};

/** Edit Profile: picture, wallpaper and its position, bio, theme; Save Changes; Delete Profile. */
export function EditProfileDialog({ profile, open, onOpenChange, onOpenSecurity }: EditProfileDialogProps) {
  const restoreFocus = useRestoreFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0" {...restoreFocus}>
        <div className="shrink-0 border-b border-slate-100 px-6 pt-6 pb-4">
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Your picture, wallpaper, bio and colour theme.</DialogDescription>
        </div>
        {open ? (
          <EditProfileForm
            profile={profile}
            onDone={() => onOpenChange(false)}
            onOpenSecurity={onOpenSecurity}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type EditProfileFormProps = { profile: Profile; onDone: () => void; onOpenSecurity: () => void };

function EditProfileForm({ profile, onDone, onOpenSecurity }: EditProfileFormProps) {
  const update = useUpdateProfile();
  const form = useForm<EditProfileValues>({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: editProfileDefaults(profile),
  });
  const values = form.watch();
  useThemePreview(values.theme);

  const setImage = useCallback(
    (field: "profilePictureUrl" | "wallpaperUrl") => (imageUrl: string | null) =>
      form.setValue(field, imageUrl, { shouldDirty: true }),
    [form],
  );
  const avatarUpload = useProfileImageUpload(setImage("profilePictureUrl"));
  const wallpaperUpload = useProfileImageUpload(setImage("wallpaperUrl"));
  const uploading = avatarUpload.uploading || wallpaperUpload.uploading;

  const onSubmit = form.handleSubmit(() => {
    const changes = profileChanges(profile, form.getValues());
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        toast.success("Profile Updated", { description: "Your changes have been saved." });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error("Update Failed", { description: errorMessage(error, "Failed to update profile") });
      },
    });
  });

  const bioLength = values.bio.length;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 py-5">
          <AvatarField
            firstName={profile.firstName}
            lastName={profile.lastName}
            value={values.profilePictureUrl}
            upload={avatarUpload}
            onRemove={() => setImage("profilePictureUrl")(null)}
          />
          <WallpaperField
            value={values.wallpaperUrl}
            position={parseWallpaperPosition(values.wallpaperPosition)}
            onPositionChange={(position) =>
              form.setValue("wallpaperPosition", formatWallpaperPosition(position), { shouldDirty: true })
            }
            upload={wallpaperUpload}
            onRemove={() => setImage("wallpaperUrl")(null)}
          />

          <div className="grid gap-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <ReadOnlyField id="edit-first-name" label="First name" value={profile.firstName} />
              <ReadOnlyField id="edit-last-name" label="Last name" value={profile.lastName} />
            </div>
            <Alert variant="info" className="py-3">
              <Lock aria-hidden="true" />
              <p>Your name cannot be edited. It stays as you registered it.</p>
            </Alert>
          </div>

          <div className="grid gap-1.5">
            <ReadOnlyField id="edit-email" label="Email" value={profile.email} />
            <p className="flex flex-wrap items-center gap-x-1 text-xs text-slate-600">
              To change your email or password, use
              <Button variant="link" className="text-xs" onClick={onOpenSecurity}>
                <ShieldCheck aria-hidden="true" />
                Security Settings
              </Button>
            </p>
          </div>

          <FormField
            control={form.control}
            name="bio"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Bio</FormLabel>
                <FormControl>
                  <Textarea
                    rows={3}
                    maxLength={BIO_MAX_LENGTH}
                    placeholder="A line about you, shown under your name"
                    {...field}
                  />
                </FormControl>
                <FormDescription
                  className={cn("text-right tabular-nums", bioLength >= BIO_MAX_LENGTH && "text-red-700")}
                >
                  {bioLength}/{BIO_MAX_LENGTH}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <LabelledField
            control={form.control}
            name="theme"
            label="Theme"
            description="The page shows a theme as you choose it; Save Changes keeps it."
          >
            {({ field }) => <ThemeSelect ref={field.ref} value={field.value} onChange={field.onChange} />}
          </LabelledField>

          <DeleteProfileSection />
        </div>

        <div className="flex shrink-0 justify-end gap-2 border-t border-slate-100 bg-white px-6 py-4">
          <Button variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={update.isPending} disabled={update.isPending || uploading}>
            Save Changes
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly className="bg-slate-50 text-slate-700" />
    </div>
  );
}

/**
 * Shows the chosen theme on the whole page while the dialog is open, and puts the saved one back when it
 * closes (read from the cache then, so after a save it is the new one).
 */
function useThemePreview(theme: Theme) {
  const queryClient = useQueryClient();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(
    () => () => {
      const saved = queryClient.getQueryData(PROFILE_QUERY_KEY)?.theme;
      document.documentElement.dataset.theme = saved ?? DEFAULT_THEME;
    },
    [queryClient],
  );
}
