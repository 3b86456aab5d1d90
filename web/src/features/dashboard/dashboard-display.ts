/** Display rules of the dashboard header. Pure: unit-tested. */

/** Members without a tagg cannot be found by search yet. */
export function needsTagg(tagg: string | null | undefined): boolean {
  return !tagg?.trim();
}
