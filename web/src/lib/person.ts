type PersonName = { firstName?: string | null; lastName?: string | null };

function firstLetter(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? "";
  const [letter = ""] = Array.from(trimmed);
  return letter.toLocaleUpperCase();
}

/** "Ada Lovelace" → "AL"; falls back to "?" when there is no name at all. */
export function getInitials(person: PersonName): string {
  const initials = firstLetter(person.firstName) + firstLetter(person.lastName);
  return initials || "?";
}

/** First and last name joined, ignoring blanks. */
export function getFullName(person: PersonName): string {
  return [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(" ");
}
