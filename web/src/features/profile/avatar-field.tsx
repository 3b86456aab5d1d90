import { UserAvatar } from "#web/components/user-avatar.tsx";
import { ImageUploadControls } from "./image-upload-controls.tsx";
import type { ProfileImageUpload } from "./use-profile-image-upload.ts";

export type AvatarFieldProps = {
  firstName: string;
  lastName: string;
  /** The saved-or-chosen picture path; null for none. */
  value: string | null;
  upload: ProfileImageUpload;
  onRemove: () => void;
};

/** Profile picture: preview (initials when none), upload with progress, remove. */
export function AvatarField({ firstName, lastName, value, upload, onRemove }: AvatarFieldProps) {
  const shown = upload.localPreview ?? value;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Profile Picture</legend>
      <div className="flex items-center gap-4">
        <UserAvatar
          firstName={firstName}
          lastName={lastName}
          pictureUrl={shown}
          className="size-20 border-2 border-white shadow-md ring-1 ring-slate-200"
          fallbackClassName="text-xl"
        />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <ImageUploadControls
            noun="Photo"
            hasImage={shown !== null}
            uploading={upload.uploading}
            progress={upload.progress}
            onPick={upload.pick}
            onCancel={upload.cancel}
            onRemove={onRemove}
          />
          <p className="text-xs text-slate-500">
            JPG, PNG, GIF or WebP up to 20MB. Location data is removed.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
