/**
 * The fields of an edit form whose value differs from what was loaded (an emptied optional text as null), so
 * an edit that changed nothing closes without a request.
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
