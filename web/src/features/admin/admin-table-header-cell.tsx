import { flexRender, type Header, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { KeyboardEvent } from "react";
import { TableHead } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { ADMIN_COLUMN_MIN_WIDTH, type AdminTableFeatures, pinnedActions } from "./admin-table-features.ts";

/** How far one arrow key press resizes a column, in px. */
const RESIZE_STEP = 16;

export type AdminTableHeaderCellProps<T extends RowData> = {
  header: Header<AdminTableFeatures, T, unknown>;
  /** Whether the list can sort by this column (the server's columns, for a server-sorted list). */
  sortable: boolean;
  /** Whether the column stays in view at the right edge (the actions). */
  pinned: boolean;
};

/** A column's header: its title, a button that sorts by it where it can, and a handle a pointer or the arrow keys resize. */
export function AdminTableHeaderCell<T extends RowData>({
  header,
  sortable,
  pinned,
}: AdminTableHeaderCellProps<T>) {
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
      className={cn("relative", pinned && cn(pinnedActions, "bg-slate-50"))}
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
