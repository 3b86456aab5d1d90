import { describe, expect, it } from "vitest";
import { adminMenu, resolveSection } from "./admin-sections.ts";

const sections = [
  { id: "cleanup", label: "Data Cleanup" },
  { id: "greetings", label: "Greetings Popup", group: "Popups & Overlays" },
  { id: "ui-codes", label: "UI Code Management" },
  { id: "saved-images", label: "Saved Images Popup", group: "Popups & Overlays" },
  { id: "taggs", label: "Tagit Database", addEntry: true },
];

describe("adminMenu", () => {
  it("keeps the order and gathers a group's sections into one submenu where the group first appears", () => {
    expect(adminMenu(sections)).toEqual([
      { kind: "section", section: sections[0] },
      { kind: "group", label: "Popups & Overlays", sections: [sections[1], sections[3]] },
      { kind: "section", section: sections[2] },
      { kind: "section", section: sections[4] },
    ]);
  });
});

describe("resolveSection", () => {
  it("answers the section the URL names, or the first for an unknown or missing one", () => {
    expect(resolveSection(sections, "taggs").id).toBe("taggs");
    expect(resolveSection(sections, "nope").id).toBe("cleanup");
    expect(resolveSection(sections, null).id).toBe("cleanup");
    expect(resolveSection(sections, null, "taggs").id).toBe("taggs");
    expect(resolveSection(sections, "ui-codes", "taggs").id).toBe("ui-codes");
  });
});
