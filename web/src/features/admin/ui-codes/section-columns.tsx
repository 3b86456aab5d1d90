import { ExternalLink, Pencil } from "lucide-react";
import type { Section } from "#contract/api/content.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { openableRoute } from "../content-display.ts";
import { RowActionButton } from "../row-action-button.tsx";

export type SectionActions = { onEdit: (section: Section) => void };

const text = (value: string | null) => value ?? "";

/** The UI codes table's columns: Code, Section Name, Title, Type, Route, Tags, Description. */
export function sectionColumns({ onEdit }: SectionActions): AdminColumn<Section>[] {
  return [
    {
      accessorKey: "code",
      header: "Code",
      size: 100,
      enableSorting: true,
      cell: ({ row }) => <span className="font-mono">{row.original.code}</span>,
    },
    { accessorKey: "sectionName", header: "Section Name", size: 170, enableSorting: true },
    { id: "title", header: "Title", size: 160, cell: ({ row }) => text(row.original.title) },
    {
      id: "type",
      header: "Type",
      size: 100,
      cell: ({ row }) => (row.original.type ? <Badge variant="neutral">{row.original.type}</Badge> : null),
    },
    { id: "route", header: "Route", size: 160, cell: ({ row }) => text(row.original.route) },
    { id: "tags", header: "Tags", size: 140, cell: ({ row }) => text(row.original.tags) },
    {
      id: "description",
      header: "Description",
      size: 220,
      cell: ({ row }) => <span title={text(row.original.description)}>{text(row.original.description)}</span>,
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 100,
      cell: ({ row }) => {
        const section = row.original;
        const route = openableRoute(section.route);
        return (
          <div className="flex gap-1">
            <RowActionButton
              label={`Edit ${section.sectionName}`}
              icon={Pencil}
              onClick={() => onEdit(section)}
            />
            {route ? (
              <Button asChild size="icon" variant="ghost" className="size-8">
                <a
                  href={route}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${route} in a new tab`}
                >
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];
}
