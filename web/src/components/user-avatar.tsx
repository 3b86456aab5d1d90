import { Avatar, AvatarFallback, AvatarImage } from "#web/components/ui/avatar.tsx";
import { getFullName, getInitials } from "#web/lib/person.ts";

export type UserAvatarProps = {
  firstName: string;
  lastName: string;
  pictureUrl?: string | null;
  className?: string;
  fallbackClassName?: string;
};

/** A member's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({
  firstName,
  lastName,
  pictureUrl,
  className,
  fallbackClassName,
}: UserAvatarProps) {
  const name = getFullName({ firstName, lastName });
  return (
    <Avatar className={className}>
      {pictureUrl ? <AvatarImage src={pictureUrl} alt={name} /> : null}
      <AvatarFallback className={fallbackClassName} aria-label={name || undefined}>
        {getInitials({ firstName, lastName })}
      </AvatarFallback>
    </Avatar>
  );
}
