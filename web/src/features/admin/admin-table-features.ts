import {
  columnResizingFeature,
  columnSizingFeature,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_datetime,
  tableFeatures,
} from "@tanstack/react-table";

/**
 * What every admin table can do: resize columns, and sort where a column allows it — through the server for a
 * paged list (`sorting`), else the rows it holds (a list loaded whole).
 */
export const adminTableFeatures = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, datetime: sortFn_datetime },
});

export type AdminTableFeatures = typeof adminTableFeatures;

/** Admin columns are never narrower than 80 px, however they are resized. */
export const ADMIN_COLUMN_MIN_WIDTH = 80;

/** The actions column's cells: kept in view at the right edge while a wide table scrolls sideways. */
export const pinnedActions = "sticky right-0 z-10 bg-white shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.12)]";
