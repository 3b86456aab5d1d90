/** What the panel gives every section: the debounced search, and the "Add Entry" dialog's state. */
export type AdminSectionProps = {
  search: string;
  addOpen: boolean;
  onAddOpenChange: (open: boolean) => void;
};
