import type { CleanupItem } from "#contract/api/admin-cleanup.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatUtcDay } from "../admin-display.ts";
import { inactiveBadgeVariant } from "./cleanup-display.ts";

export type CleanupResultsProps = {
  items: CleanupItem[];
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
};

/** The inactive items found, each with its identifier, last activity and days-inactive badge, to select. */
export function CleanupResults({ items, selected, onSelectedChange }: CleanupResultsProps) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    <Table>
      <caption className="sr-only">Inactive items</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-12">
            <Checkbox
              aria-label="Select all"
              checked={allSelected ? true : selected.size > 0 ? "indeterminate" : false}
              onCheckedChange={(on) =>
                onSelectedChange(on === true ? new Set(items.map((i) => i.id)) : new Set())
              }
            />
          </TableHead>
          <TableHead scope="col">Identifier</TableHead>
          <TableHead scope="col">Last Activity</TableHead>
          <TableHead scope="col">Inactive</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-state={selected.has(item.id) ? "selected" : undefined}>
            <TableCell>
              <Checkbox
                aria-label={`Select ${item.identifier}`}
                checked={selected.has(item.id)}
                onCheckedChange={(on) => toggle(item.id, on === true)}
              />
            </TableCell>
            <TableCell className="max-w-[24rem] truncate font-medium text-slate-900" title={item.identifier}>
              {item.identifier}
            </TableCell>
            <TableCell>{formatUtcDay(item.lastActivity)}</TableCell>
            <TableCell>
              <Badge variant={inactiveBadgeVariant(item.daysInactive)}>{item.daysInactive} days</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
