import { useMemo, useState } from "react";
import type { Section } from "#contract/api/content.ts";
import { Card } from "#web/components/ui/card.tsx";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { PUBLIC_CONTENT_URLS } from "../admin-urls.ts";
import { sectionCounts } from "../content-display.ts";
import { useAdminFullList } from "../use-admin-full-list.ts";
import { sectionColumns } from "./section-columns.tsx";
import { SectionDialog } from "./section-dialog.tsx";

const searchIn = (section: Section) => [
  section.code,
  section.sectionName,
  section.title,
  section.type,
  section.route,
  section.tags,
  section.description,
];

/** UI Code Management: the counters and the searchable table of UI sections, with Edit UI Section. */
export function UiCodesSection({ search }: AdminSectionProps) {
  const { all, list } = useAdminFullList(PUBLIC_CONTENT_URLS.sections, search, searchIn);
  const [editing, setEditing] = useState<Section | null>(null);
  const columns = useMemo(() => sectionColumns({ onEdit: setEditing }), []);
  const counts = sectionCounts(all.data ?? []);

  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ["Total Sections", counts.total],
            ["Popups", counts.popups],
            ["Pages", counts.pages],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} className="px-4 py-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{all.data ? value : "—"}</dd>
          </Card>
        ))}
      </dl>
      <AdminTable
        label="UI sections"
        collapsible={{ columns: ["tags", "description"], rowName: (section) => section.sectionName }}
        columns={columns}
        list={list}
        getRowId={(section) => section.id}
        empty="No UI sections found"
        noun={{ one: "section", many: "sections" }}
        loadError="Failed to load UI sections"
      />
      <SectionDialog section={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}
