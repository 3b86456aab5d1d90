/**
 * The admin panel's sections in the wide screen's sidebar order (web/src/features/admin/admin-panel.tsx): the
 * layout sweep checks each in a test of its own, and its first test fails when the sidebar lists others.
 */
export const ADMIN_SECTIONS = [
  { id: "affiliate", label: "Affiliate System" },
  { id: "ai-settings", label: "AI Settings" },
  { id: "costs", label: "Cost Tracking" },
  { id: "cleanup", label: "Data Cleanup" },
  { id: "help", label: "Help Content" },
  { id: "what-we-do", label: "What We Do" },
  { id: "greetings", label: "Greetings Popup" },
  { id: "saved-images", label: "Saved Images Popup" },
  { id: "hide-searches", label: "Hide Searches Popup" },
  { id: "image-banner", label: "Image Banner Overlay" },
  { id: "ui-codes", label: "UI Code Management" },
  { id: "profiles", label: "Profile Database" },
  { id: "reported-posts", label: "Reported Posts" },
  { id: "settings", label: "Settings" },
  { id: "tagged-posts", label: "Tagged Posts" },
  { id: "taggs", label: "Tagit Database" },
  { id: "terms", label: "Terms & Conditions" },
  { id: "audit-log", label: "Audit Log" },
] as const;
