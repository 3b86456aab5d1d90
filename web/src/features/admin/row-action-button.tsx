import type { LucideIcon } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

export type RowActionButtonProps = {
  /** What the button does to which row, e.g. "Edit @ada" (it shows only the icon). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  destructive?: boolean;
  disabled?: boolean;
  /** The id of words elsewhere in the row that say more, e.g. why the action is disabled. */
  describedBy?: string;
};

/** A compact icon button in an admin table's Actions column. */
export function RowActionButton({
  label,
  icon: Icon,
  onClick,
  destructive,
  disabled,
  describedBy,
}: RowActionButtonProps) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      className={cn("size-8", destructive && "text-red-700 hover:bg-red-50 hover:text-red-800")}
      aria-label={label}
      aria-describedby={describedBy}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
