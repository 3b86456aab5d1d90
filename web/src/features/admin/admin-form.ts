/**
 * The fields of an edit form whose value differs from what was loaded, so an edit sends (and the audit log
 * records) only what changed. An emptied optional text is sent as null.
 */
export function changedFields<T extends Record<string, unknown>>(
  loaded: Readonly<Record<keyof T, unknown>>,
  edited: T,
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    const before = loaded[key] ?? "";
    const after = edited[key] ?? "";
    if (before !== after) changes[key] = (after === "" ? null : edited[key]) as T[keyof T];
  }
  return changes;
}
