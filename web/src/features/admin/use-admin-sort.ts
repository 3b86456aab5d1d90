import { useState } from "react";
import type { AdminSort } from "./admin-list.ts";

/** What `AdminTable` needs to sort through the server: the list's sortable columns and the current sort. */
export type AdminTableSorting = {
  /** The columns the list sorts by on the server (the contract's `ADMIN_LIST_SORTS` of the list). */
  columns: readonly string[];
  sort: AdminSort;
  onSortChange: (sort: AdminSort) => void;
};

/**
 * An admin list's sort, kept while the section is open: `params` go into `useAdminList`'s parameters (so the
 * server sorts the whole list and a new sort starts at its first page), `sorting` to `AdminTable`.
 */
export function useAdminSort(columns: readonly string[]) {
  const [sort, setSort] = useState<AdminSort>({});
  const sorting: AdminTableSorting = { columns, sort, onSortChange: setSort };
  return { params: sort, sorting };
}
