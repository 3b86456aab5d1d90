import { ChevronDown, Lock, Plus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { type AdminSectionInfo, adminMenu } from "./admin-sections.ts";

export type AdminShellProps = {
  sections: readonly AdminSectionInfo[];
  current: AdminSectionInfo;
  onSelect: (sectionId: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  onAddEntry: () => void;
  onLock: () => void;
  locking: boolean;
  children: ReactNode;
};

const sectionHref = (id: string) => `/admin?section=${encodeURIComponent(id)}`;

/**
 * The panel's frame: the sidebar grouping on wide screens, the dropdown with nested submenus on narrow ones
 * (on a phone, each group's sections listed under its name instead), the section's search box, "Add Entry" for
 * sections that add, and Lock.
 */
export function AdminShell({
  sections,
  current,
  onSelect,
  search,
  onSearchChange,
  onAddEntry,
  onLock,
  locking,
  children,
}: AdminShellProps) {
  const menu = adminMenu(sections);
  const roomForSubmenus = useMediaQuery("(min-width: 640px)");
  return (
    <div className="mx-auto grid w-full max-w-[96rem] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Admin sections" className="hidden lg:block">
        <p className="mb-3 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Admin Panel</p>
        <ul className="grid gap-0.5">
          {menu.map((entry) =>
            entry.kind === "section" ? (
              <li key={entry.section.id}>
                <SidebarLink section={entry.section} current={current} />
              </li>
            ) : (
              <li key={entry.label} className="mt-2">
                <p className="px-2 py-1 text-xs font-semibold text-slate-500">{entry.label}</p>
                <ul className="grid gap-0.5 pl-2">
                  {entry.sections.map((section) => (
                    <li key={section.id}>
                      <SidebarLink section={section} current={current} />
                    </li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className="grid min-w-0 content-start gap-4">
        <header className="flex flex-wrap items-center gap-3">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" className="lg:hidden" aria-label={`Sections: ${current.label}`}>
                Sections
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuRadioGroup value={current.id} onValueChange={onSelect}>
                {menu.map((entry) =>
                  entry.kind === "section" ? (
                    <DropdownMenuRadioItem key={entry.section.id} value={entry.section.id}>
                      {entry.section.label}
                    </DropdownMenuRadioItem>
                  ) : !roomForSubmenus ? (
                    <SectionGroup key={entry.label} label={entry.label} sections={entry.sections} />
                  ) : (
                    <DropdownMenuSub key={entry.label}>
                      <DropdownMenuSubTrigger>{entry.label}</DropdownMenuSubTrigger>
                      <DropdownMenuSubContent>
                        {entry.sections.map((section) => (
                          <DropdownMenuRadioItem key={section.id} value={section.id}>
                            {section.label}
                          </DropdownMenuRadioItem>
                        ))}
                      </DropdownMenuSubContent>
                    </DropdownMenuSub>
                  ),
                )}
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
          <h1 className="text-2xl font-bold text-slate-900">{current.label}</h1>
          <div className="ml-auto flex gap-2">
            {current.addEntry ? (
              <Button onClick={onAddEntry}>
                <Plus aria-hidden="true" />
                Add Entry
              </Button>
            ) : null}
            <Button variant="outline" onClick={onLock} disabled={locking}>
              {locking ? <Spinner /> : <Lock aria-hidden="true" />}
              Lock
            </Button>
          </div>
        </header>
        {current.searchPlaceholder ? (
          <SearchInput
            aria-label={`Search ${current.label}`}
            placeholder={current.searchPlaceholder}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            wrapperClassName="max-w-xl"
          />
        ) : null}
        {children}
      </div>
    </div>
  );
}

function SidebarLink({ section, current }: { section: AdminSectionInfo; current: AdminSectionInfo }) {
  const active = section.id === current.id;
  return (
    <Link
      to={sectionHref(section.id)}
      aria-current={active ? "page" : undefined}
      className={cn(
        "block rounded-lg px-2 py-1.5 text-sm text-slate-700 outline-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600",
        active && "bg-brand-50 font-semibold text-brand-800",
      )}
    >
      {section.label}
    </Link>
  );
}

/** On a phone there is no room beside the menu for a submenu: a group's sections follow its name instead. */
function SectionGroup({ label, sections }: { label: string; sections: readonly AdminSectionInfo[] }) {
  const labelId = useId();
  return (
    <DropdownMenuGroup aria-labelledby={labelId}>
      <DropdownMenuLabel id={labelId} className="text-xs font-semibold text-slate-500">
        {label}
      </DropdownMenuLabel>
      {sections.map((section) => (
        <DropdownMenuRadioItem key={section.id} value={section.id} className="pl-6">
          {section.label}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuGroup>
  );
}
