import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  createSortedRowModel,
  flexRender,
  type Header,
  type RowData,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_datetime,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight } from "lucide-react";
import { Fragment, type KeyboardEvent, useMemo, useState } from "react";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { listCountLabel, sortingOf, sortOf } from "./admin-list.ts";
import type { AdminListQueryResult } from "./use-admin-list.ts";
import type { AdminTableSorting } from "./use-admin-sort.ts";

/** Spec 2 §9: admin columns are never narrower than 80 px. */
export const ADMIN_COLUMN_MIN_WIDTH = 80;
const RESIZE_STEP = 16;
/** A column with this id stays in view at the right edge while a wide table scrolls sideways. */
export const ACTIONS_COLUMN_ID = "actions";
const stickyActions = "sticky right-0 z-10 bg-white shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.12)]";

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

/** A column of an admin table. */
export type AdminColumn<T extends RowData> = ColumnDef<typeof adminTableFeatures, T>;

export type AdminTableProps<T extends RowData> = {
  /** The table's name for screen readers, e.g. "Taggs". */
  label: string;
  columns: AdminColumn<T>[];
  list: AdminListQueryResult<T>;
  getRowId: (row: T) => string;
  /** The spec's empty text, e.g. "No taggs found". */
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
   * each row then has a Details toggle that shows them beneath it.
   */
  collapsible?: readonly string[];
};

/** From this width every column has room; below it the `collapsible` ones move into the row's details. */
const ALL_COLUMNS_QUERY = "(min-width: 1536px)";

/**
 * The one admin table (STYLE 13): the rows of a server-paged list with the whole filtered count, headers a
 * pointer or the arrow keys resize (never under 80 px), headers that sort the whole list on the server where a
 * column allows it (`aria-sort` says how), and "Load more" for the next page.
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
  collapsible = [],
}: AdminTableProps<T>) {
  const roomForAll = useMediaQuery(ALL_COLUMNS_QUERY);
  const [openDetails, setOpenDetails] = useState<ReadonlySet<string>>(() => new Set());
  const folded = (columnId: string) => !roomForAll && collapsible.includes(columnId);
  const foldsAny = !roomForAll && collapsible.length > 0;
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
                      <HeaderCell
                        key={header.id}
                        header={header}
                        sortable={!sorting || sorting.columns.includes(header.column.id)}
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
                table.getRowModel().rows.map((row) => {
                  const cells = row.getAllCells().filter((cell) => !folded(cell.column.id));
                  const detailsOpen = foldsAny && openDetails.has(row.id);
                  const detailsId = `details-${row.id}`;
                  return (
                    <Fragment key={row.id}>
                      <TableRow>
                        {cells.map((cell, index) => (
                          <TableCell
                            key={cell.id}
                            className={cn("truncate", cell.column.id === ACTIONS_COLUMN_ID && stickyActions)}
                            style={{ width: cell.column.getSize() }}
                          >
                            {foldsAny && index === 0 ? (
                              <div className="flex items-center gap-1">
                                <Button
                                  type="button"
                                  size="icon"
                                  variant="ghost"
                                  className="size-6 shrink-0"
                                  aria-label="Details"
                                  aria-expanded={detailsOpen}
                                  aria-controls={detailsOpen ? detailsId : undefined}
                                  onClick={() => toggleDetails(row.id)}
                                >
                                  <ChevronRight
                                    aria-hidden="true"
                                    className={cn("transition-transform", detailsOpen && "rotate-90")}
                                  />
                                </Button>
                                <div className="min-w-0 truncate">
                                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                                </div>
                              </div>
                            ) : (
                              flexRender(cell.column.columnDef.cell, cell.getContext())
                            )}
                          </TableCell>
                        ))}
                      </TableRow>
                      {detailsOpen ? (
                        <TableRow id={detailsId} className="bg-slate-50/60">
                          <TableCell colSpan={cells.length}>
                            <dl className="sticky left-0 grid max-w-[calc(100vw-4.5rem)] gap-x-6 gap-y-2 whitespace-normal sm:grid-cols-2">
                              {row
                                .getAllCells()
                                .filter((cell) => folded(cell.column.id))
                                .map((cell) => (
                                  <div key={cell.id} className="grid gap-0.5">
                                    <dt className="text-xs font-semibold text-slate-500 uppercase">
                                      {typeof cell.column.columnDef.header === "string"
                                        ? cell.column.columnDef.header
                                        : cell.column.id}
                                    </dt>
                                    <dd className="min-w-0 break-words text-slate-800">
                                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                                    </dd>
                                  </div>
                                ))}
                            </dl>
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })
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

function HeaderCell<T extends RowData>({
  header,
  sortable,
}: {
  header: Header<typeof adminTableFeatures, T, unknown>;
  /** Whether the list can sort by this column (the server's columns, for a server-sorted list). */
  sortable: boolean;
}) {
  const { column } = header;
  const canSort = sortable && column.getCanSort();
  const sorted = canSort && column.getIsSorted();
  const title = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const resizeBy = (delta: number) =>
    header.getContext().table.setColumnSizing((sizes) => ({
      ...sizes,
      [column.id]: Math.max(ADMIN_COLUMN_MIN_WIDTH, header.getSize() + delta),
    }));
  const onResizeKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") resizeBy(-RESIZE_STEP);
    else if (event.key === "ArrowRight") resizeBy(RESIZE_STEP);
    else return;
    event.preventDefault();
  };
  const SortIcon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      scope="col"
      className={cn("relative", column.id === ACTIONS_COLUMN_ID && cn(stickyActions, "bg-slate-50"))}
      style={{ width: header.getSize() }}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
    >
      {canSort ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="inline-flex items-center gap-1 rounded uppercase outline-none hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {title}
          <SortIcon className="size-3.5" aria-hidden="true" />
        </button>
      ) : (
        title
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a resize handle */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize column ${typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}`}
        aria-valuenow={header.getSize()}
        aria-valuemin={ADMIN_COLUMN_MIN_WIDTH}
        tabIndex={0}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => column.resetSize()}
        onKeyDown={onResizeKey}
        className={cn(
          "absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none bg-transparent outline-none select-none hover:bg-brand-300 focus-visible:bg-brand-500",
          column.getIsResizing() && "bg-brand-500",
        )}
      />
    </TableHead>
  );
}
