/** Display rules of the dashboard header (spec 1 §2 "Dashboard"). Pure: unit-tested. */

/** Members without a tagg cannot be found by search yet (DESIGN "Taggs"). */
export function needsTagg(tagg: string | null | undefined): boolean {
  return !tagg?.trim();
}
