import { type ColumnDef, type RowData, useTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { listCountLabel, sortingOf, sortOf } from "./admin-list.ts";
import {
  ADMIN_COLUMN_MIN_WIDTH,
  type AdminTableFeatures,
  adminTableFeatures,
} from "./admin-table-features.ts";
import { AdminTableHeaderCell } from "./admin-table-header-cell.tsx";
import { AdminTableRow } from "./admin-table-row.tsx";
import type { AdminListQueryResult } from "./use-admin-list.ts";
import type { AdminTableSorting } from "./use-admin-sort.ts";

/** A column with this id stays in view at the right edge while a wide table scrolls sideways. */
export const ACTIONS_COLUMN_ID = "actions";
const isActions = (columnId: string) => columnId === ACTIONS_COLUMN_ID;

/** A column of an admin table. */
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T>;

export type AdminTableProps<T extends RowData> = {
  /** The table's name for screen readers, e.g. "Taggs". */
  label: string;
  columns: AdminColumn<T>[];
  list: AdminListQueryResult<T>;
  getRowId: (row: T) => string;
  /** What an empty list says, e.g. "No taggs found". */
  empty: string;
  noun: { one: string; many: string };
  loadError: string;
  /**
   * Sorting through the server (`useAdminSort`): a header click sets the list's `sort` and `order`, and only
   * the columns the server sorts by can be clicked. Without it, headers sort the loaded rows.
   */
  sorting?: AdminTableSorting;
  /**
   * Columns that give way on screens narrower than 1536 px, so the others fit without sideways scrolling:
   * each row then has a Details toggle that shows them beneath it, named by `rowName` ("Details of @ada"), so
   * a screen reader tells one row's toggle from the next.
   */
  collapsible?: { columns: readonly string[]; rowName: (row: T) => string };
};

/** From this width every column has room; below it the `collapsible` ones move into the row's details. */
const ALL_COLUMNS_QUERY = "(min-width: 1536px)";

/**
 * The one admin table every admin list is drawn with: the rows of a server-paged list with the whole filtered
 * count, headers a pointer or the arrow keys resize (never under 80 px), headers that sort the whole list on the
 * server where a column allows it (`aria-sort` says how), and "Load more" for the next page.
 */
export function AdminTable<T extends RowData>({
  label,
  columns,
  list,
  getRowId,
  empty,
  noun,
  loadError,
  sorting,
  collapsible,
}: AdminTableProps<T>) {
  const roomForAll = useMediaQuery(ALL_COLUMNS_QUERY);
  const [openDetails, setOpenDetails] = useState<ReadonlySet<string>>(() => new Set());
  const folded = (columnId: string) => !roomForAll && (collapsible?.columns.includes(columnId) ?? false);
  const detailsOf = roomForAll ? undefined : collapsible?.rowName;
  const toggleDetails = (rowId: string) =>
    setOpenDetails((open) => {
      const next = new Set(open);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const totalCapped = list.data?.pages[0]?.totalCapped ?? false;
  const table = useTable({
    features: adminTableFeatures,
    data: rows,
    columns,
    getRowId,
    columnResizeMode: "onChange",
    defaultColumn: { minSize: ADMIN_COLUMN_MIN_WIDTH, size: 160, enableSorting: false },
    ...(sorting && {
      // The server sorts the whole list; the table only shows which column and lets a header choose.
      manualSorting: true,
      enableMultiSort: false,
      state: { sorting: sortingOf(sorting.sort) },
      onSortingChange: (updater) => {
        const current = sortingOf(sorting.sort);
        sorting.onSortChange(
          sortOf(typeof updater === "function" ? updater(current) : updater, sorting.columns),
        );
      },
    }),
  });

  return (
    <QueryState
      query={list}
      loading={<ListSkeleton label={`Loading ${noun.many}...`} rows={6} />}
      error={loadError}
    >
      {() => (
        <div className="grid gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
            {listCountLabel(rows.length, total, noun, totalCapped)}
            {list.isFetching && !list.isFetchingNextPage ? <Spinner className="size-3.5" /> : null}
          </p>
          <Table
            style={{
              minWidth: table
                .getAllLeafColumns()
                .filter((column) => !folded(column.id))
                .reduce((width, column) => width + column.getSize(), 0),
            }}
            className="table-fixed"
          >
            <caption className="sr-only">{label}</caption>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id}>
                  {group.headers
                    .filter((header) => !folded(header.column.id))
                    .map((header) => (
                      <AdminTableHeaderCell
                        key={header.id}
                        header={header}
                        sortable={!sorting || sorting.columns.includes(header.column.id)}
                        pinned={isActions(header.column.id)}
                      />
                    ))}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {table.getRowModel().rows.length === 0 ? (
                <TableRow>
                  <TableCell
                    colSpan={columns.filter((column) => !folded(column.id ?? "")).length}
                    className="py-10 text-slate-600"
                  >
                    {/* Centred in the visible part of the table, which may be wider than the screen. */}
                    <p className="sticky left-0 max-w-[calc(100vw-4.5rem)] text-center whitespace-normal">
                      {empty}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                table
                  .getRowModel()
                  .rows.map((row) => (
                    <AdminTableRow
                      key={row.id}
                      row={row}
                      folded={folded}
                      detailsOf={detailsOf?.(row.original)}
                      detailsOpen={detailsOf !== undefined && openDetails.has(row.id)}
                      onToggleDetails={() => toggleDetails(row.id)}
                      pinned={isActions}
                    />
                  ))
              )}
            </TableBody>
          </Table>
          {list.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              Load more
            </Button>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
