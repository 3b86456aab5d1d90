import { flexRender, type Row, type RowData } from "@tanstack/react-table";
import { ChevronRight } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { TableCell, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { type AdminTableFeatures, pinnedActions } from "./admin-table-features.ts";

export type AdminTableRowProps<T extends RowData> = {
  row: Row<AdminTableFeatures, T>;
  /** Whether a column has given way on this screen: its cell shows in the row's details instead. */
  folded: (columnId: string) => boolean;
  /**
   * The row's name ("@ada") once a column has given way on this screen: the row then has a Details toggle in its
   * first cell, named after it.
   */
  detailsOf: string | undefined;
  detailsOpen: boolean;
  onToggleDetails: () => void;
  /** Whether a column stays in view at the right edge (the actions). */
  pinned: (columnId: string) => boolean;
};

/**
 * One row of an admin table: its cells in the columns shown and, when columns have given way, a Details toggle
 * that opens a row beneath it with those columns' titles and cells.
 */
export function AdminTableRow<T extends RowData>({
  row,
  folded,
  detailsOf,
  detailsOpen,
  onToggleDetails,
  pinned,
}: AdminTableRowProps<T>) {
  const cells = row.getAllCells().filter((cell) => !folded(cell.column.id));
  const detailsId = `details-${row.id}`;
  return (
    <>
      <TableRow>
        {cells.map((cell, index) => (
          <TableCell
            key={cell.id}
            className={cn("truncate", pinned(cell.column.id) && pinnedActions)}
            style={{ width: cell.column.getSize() }}
          >
            {detailsOf !== undefined && index === 0 ? (
              <div className="flex items-center gap-1">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-6 shrink-0"
                  aria-label={`Details of ${detailsOf}`}
                  aria-expanded={detailsOpen}
                  aria-controls={detailsOpen ? detailsId : undefined}
                  onClick={onToggleDetails}
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
    </>
  );
}
