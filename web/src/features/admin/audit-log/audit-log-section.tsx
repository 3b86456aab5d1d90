import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { actionLabel } from "../admin-display.ts";
import { adminQuery } from "../admin-query.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { auditEntryName, auditLogColumns } from "./audit-log-columns.tsx";

const ANY = "any";

type Filters = { actorId: string; action: string; from: string; to: string };
const NO_FILTERS: Filters = { actorId: ANY, action: ANY, from: "", to: "" };

/** The Audit Log: every admin write, filterable by actor, action and date. Read-only. */
export function AuditLogSection({ search }: AdminSectionProps) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const facets = useQuery(adminQuery(ADMIN_URLS.auditLogFacets));
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.auditLog);
  const list = useAdminList(ADMIN_URLS.auditLog, {
    search,
    ...sort,
    actorId: filters.actorId === ANY ? undefined : filters.actorId,
    action: filters.action === ANY ? undefined : filters.action,
    from: filters.from || undefined,
    to: filters.to || undefined,
  });
  const set = (key: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,12rem))_auto] lg:items-end">
        <legend className="sr-only">Filter the audit log</legend>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">Actor</Label>
          <Select value={filters.actorId} onValueChange={set("actorId")}>
            <SelectTrigger id="audit-actor">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Everyone</SelectItem>
              {facets.data?.actors.map((actor) => (
                <SelectItem key={actor.id} value={actor.id}>
                  {actor.firstName} {actor.lastName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <Select value={filters.action} onValueChange={set("action")}>
            <SelectTrigger id="audit-action">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Every action</SelectItem>
              {facets.data?.actions.map((action) => (
                <SelectItem key={action} value={action}>
                  {actionLabel(action)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(e) => set("from")(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" type="date" value={filters.to} onChange={(e) => set("to")(e.target.value)} />
        </div>
        <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!filtered}>
          Clear filters
        </Button>
      </fieldset>
      <AdminTable
        label="Audit log"
        collapsible={{ columns: ["target"], rowName: auditEntryName }}
        columns={auditLogColumns}
        list={list}
        sorting={sorting}
        getRowId={(item) => item.id}
        empty="No admin actions recorded yet"
        noun={{ one: "entry", many: "entries" }}
        loadError="Failed to load the audit log"
      />
    </div>
  );
}
