import { type Query, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { adminRequest, isAdminSessionLost } from "./admin-request.ts";
import type { AdminSectionProps } from "./admin-section-props.ts";
import { type AdminSectionInfo, resolveSection } from "./admin-sections.ts";
import { adminSession, useAdminSessionId } from "./admin-session.ts";
import { AdminShell } from "./admin-shell.tsx";
import { AffiliateSection } from "./affiliate/affiliate-section.tsx";
import { AiSettingsSection } from "./ai-settings/ai-settings-section.tsx";
import { AuditLogSection } from "./audit-log/audit-log-section.tsx";
import { CleanupSection } from "./cleanup/cleanup-section.tsx";
import { CostsSection } from "./costs/costs-section.tsx";
import { HelpContentSection } from "./help-content/help-content-section.tsx";
import { ImageBannerSection } from "./popups/image-banner-section.tsx";
import {
  GreetingsPopupSection,
  HideSearchesPopupSection,
  SavedImagesPopupSection,
} from "./popups/popup-sections.tsx";
import { ProfilesSection } from "./profiles/profiles-section.tsx";
import { ReportedPostsSection } from "./reported-posts/reported-posts-section.tsx";
import { SettingsSection } from "./settings/settings-section.tsx";
import { TaggedPostsSection } from "./tagged-posts/tagged-posts-section.tsx";
import { TaggsSection } from "./taggs/taggs-section.tsx";
import { TermsSection } from "./terms/terms-section.tsx";
import { UiCodesSection } from "./ui-codes/ui-codes-section.tsx";
import { UnlockForm } from "./unlock-form.tsx";
import { WhatWeDoSection } from "./what-we-do/what-we-do-section.tsx";

const POPUPS_GROUP = "Popups & Overlays";

type AdminSection = AdminSectionInfo & { Component: ComponentType<AdminSectionProps> };

/** The sections, in the sidebar's order, and the Audit Log last. */
const SECTIONS: readonly AdminSection[] = [
  {
    id: "affiliate",
    label: "Affiliate System",
    searchPlaceholder: "Search member name or tagg...",
    Component: AffiliateSection,
  },
  { id: "ai-settings", label: "AI Settings", Component: AiSettingsSection },
  {
    id: "costs",
    label: "Cost Tracking",
    addEntry: true,
    searchPlaceholder: "Search service, description, category or notes...",
    Component: CostsSection,
  },
  { id: "cleanup", label: "Data Cleanup", Component: CleanupSection },
  {
    id: "help",
    label: "Help Content",
    searchPlaceholder: "Search section, title or text...",
    Component: HelpContentSection,
  },
  { id: "what-we-do", label: "What We Do", Component: WhatWeDoSection },
  { id: "greetings", label: "Greetings Popup", group: POPUPS_GROUP, Component: GreetingsPopupSection },
  {
    id: "saved-images",
    label: "Saved Images Popup",
    group: POPUPS_GROUP,
    Component: SavedImagesPopupSection,
  },
  {
    id: "hide-searches",
    label: "Hide Searches Popup",
    group: POPUPS_GROUP,
    Component: HideSearchesPopupSection,
  },
  { id: "image-banner", label: "Image Banner Overlay", group: POPUPS_GROUP, Component: ImageBannerSection },
  {
    id: "ui-codes",
    label: "UI Code Management",
    searchPlaceholder: "Search code, name, title, route or tags...",
    Component: UiCodesSection,
  },
  {
    id: "profiles",
    label: "Profile Database",
    addEntry: true,
    searchPlaceholder: "Search tagg, name, email or bio...",
    Component: ProfilesSection,
  },
  {
    id: "reported-posts",
    label: "Reported Posts",
    searchPlaceholder: "Search post name or owner email...",
    Component: ReportedPostsSection,
  },
  { id: "settings", label: "Settings", Component: SettingsSection },
  {
    id: "tagged-posts",
    label: "Tagged Posts",
    searchPlaceholder: "Search id, user tagg, post name or date (2026-11-23)...",
    Component: TaggedPostsSection,
  },
  {
    id: "taggs",
    label: "Tagit Database",
    addEntry: true,
    searchPlaceholder: "Search tagg, name, email or reason...",
    Component: TaggsSection,
  },
  { id: "terms", label: "Terms & Conditions", addEntry: true, Component: TermsSection },
  {
    id: "audit-log",
    label: "Audit Log",
    searchPlaceholder: "Search actor, action or target...",
    Component: AuditLogSection,
  },
];
const DEFAULT_SECTION = "taggs";
const SEARCH_DEBOUNCE_MS = 300;

const isAdminQuery = (query: Query) =>
  typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/api/admin/");

/** /admin for an administrator: the unlock form until this tab holds an admin session, then the panel. */
export function AdminPanel() {
  const sessionId = useAdminSessionId();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Nothing an admin session loaded outlives it.
    if (!sessionId) queryClient.removeQueries({ predicate: isAdminQuery });
  }, [sessionId, queryClient]);
  if (!sessionId) {
    return (
      <div className="px-4 py-10">
        <UnlockForm />
      </div>
    );
  }
  return <AdminWorkspace />;
}

function AdminWorkspace() {
  const [params, setParams] = useSearchParams();
  const section = resolveSection(SECTIONS, params.get("section"), DEFAULT_SECTION);
  const search = params.get("search") ?? "";
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [addOpen, setAddOpen] = useState(false);
  const lock = useMutation({
    mutationFn: () => adminRequest("DELETE", "/api/admin/session"),
    onSuccess: () => toast.success("Panel Locked", { description: "Enter your password to open it again." }),
    onError: (error) => {
      if (!isAdminSessionLost(error)) {
        toast.error("Lock Failed", { description: "The panel is locked here; the session ends by itself." });
      }
    },
    onSettled: () => adminSession.clear(),
  });

  const select = (sectionId: string) => {
    setAddOpen(false);
    setParams({ section: sectionId });
  };
  const setSearch = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set("search", value);
        else next.delete("search");
        return next;
      },
      { replace: true },
    );

  const { Component } = section;
  return (
    <AdminShell
      sections={SECTIONS}
      current={section}
      onSelect={select}
      search={search}
      onSearchChange={setSearch}
      onAddEntry={() => setAddOpen(true)}
      onLock={() => lock.mutate()}
      locking={lock.isPending}
    >
      <Component
        key={section.id}
        search={search === "" ? "" : debounced}
        addOpen={addOpen}
        onAddOpenChange={setAddOpen}
      />
    </AdminShell>
  );
}
