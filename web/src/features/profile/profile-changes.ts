import { z } from "zod";
import { type Profile, type UpdateProfileBody, updateProfileBodySchema } from "#contract/api/profile.ts";
import { formatWallpaperPosition, parseWallpaperPosition } from "./wallpaper-position.ts";

const { shape } = updateProfileBodySchema;

/** The Edit Profile form: the contract's rules for each field it edits (bio length and markup, theme…). */
export const editProfileFormSchema = z.object({
  bio: shape.bio.unwrap(),
  theme: shape.theme.unwrap(),
  wallpaperPosition: shape.wallpaperPosition.unwrap(),
  profilePictureUrl: shape.profilePictureUrl.unwrap(),
  wallpaperUrl: shape.wallpaperUrl.unwrap(),
});

/** The Edit Profile form's values; `wallpaperPosition` is "x,y". */
export type EditProfileValues = z.input<typeof editProfileFormSchema>;

/** The form's starting values from the saved profile. */
export function editProfileDefaults(profile: Profile): EditProfileValues {
  return {
    bio: profile.bio ?? "",
    theme: profile.theme,
    wallpaperPosition: formatWallpaperPosition(parseWallpaperPosition(profile.wallpaperPosition)),
    profilePictureUrl: profile.profilePictureUrl,
    wallpaperUrl: profile.wallpaperUrl,
  };
}

/**
 * Only what changed, as the PUT /api/profile body: an unchanged image is not re-sent (the server checks
 * each sent image is the member's own upload) and an unchanged form sends nothing. Pure: unit-tested.
 */
export function profileChanges(profile: Profile, values: EditProfileValues): UpdateProfileBody {
  const saved = editProfileDefaults(profile);
  const changes: UpdateProfileBody = {};
  if (values.bio.trim() !== saved.bio.trim()) changes.bio = values.bio.trim();
  if (values.theme !== saved.theme) changes.theme = values.theme;
  const position = formatWallpaperPosition(parseWallpaperPosition(values.wallpaperPosition));
  if (position !== saved.wallpaperPosition) changes.wallpaperPosition = position;
  if (values.profilePictureUrl !== saved.profilePictureUrl)
    changes.profilePictureUrl = values.profilePictureUrl;
  if (values.wallpaperUrl !== saved.wallpaperUrl) changes.wallpaperUrl = values.wallpaperUrl;
  return changes;
}
