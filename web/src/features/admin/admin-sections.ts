/** A section of the admin panel. `addEntry`: the header's "Add Entry" opens its add dialog. */
export type AdminSectionInfo = {
  id: string;
  label: string;
  /** A nested submenu of the switcher and a labelled group of the sidebar, e.g. "Popups & Overlays". */
  group?: string;
  addEntry?: boolean;
  /** The search box's placeholder; a section without one has no search box. */
  searchPlaceholder?: string;
};

/** An entry of the switcher: a section, or a group of sections opened as a submenu. */
export type AdminMenuEntry =
  | { kind: "section"; section: AdminSectionInfo }
  | { kind: "group"; label: string; sections: AdminSectionInfo[] };

/** The switcher's entries in the sections' order, each group at the place of its first section. */
export function adminMenu(sections: readonly AdminSectionInfo[]): AdminMenuEntry[] {
  const entries: AdminMenuEntry[] = [];
  for (const section of sections) {
    if (!section.group) {
      entries.push({ kind: "section", section });
      continue;
    }
    const group = entries.find(
      (entry): entry is Extract<AdminMenuEntry, { kind: "group" }> =>
        entry.kind === "group" && entry.label === section.group,
    );
    if (group) group.sections.push(section);
    else entries.push({ kind: "group", label: section.group, sections: [section] });
  }
  return entries;
}

/** The section a URL names (`?section=`), or the fallback (else the first) when it names none the panel has. */
export function resolveSection<T extends AdminSectionInfo>(
  sections: readonly T[],
  requested: string | null,
  fallbackId?: string,
): T {
  const found =
    sections.find((section) => section.id === requested) ??
    sections.find((section) => section.id === fallbackId) ??
    sections[0];
  if (!found) throw new Error("The admin panel has no sections");
  return found;
}
