import { CircleHelp } from "lucide-react";
import { lazy, useState } from "react";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { sectionTopic } from "./help-text.ts";

// The dialog (dragging, scroll lock, the help text's query) is not needed to paint the card (decision 036).
const HelpDialog = lazy(() => import("./help-dialog.tsx"));

export type HelpButtonProps = {
  /** The help section to show, e.g. "social-links" (`BUILT_IN_HELP_SECTIONS` lists the seeded ones). */
  sectionName: string;
  /** Words for the button's accessible name ("Help: …"); defaults to the section name in words. */
  topic?: string;
  className?: string;
};

/** A small help icon that opens the section's draggable help dialog. Put one on any card. */
export function HelpButton({ sectionName, topic, className }: HelpButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn("size-8 rounded-full text-slate-500 hover:text-brand-700", className)}
        aria-label={`Help: ${topic ?? sectionTopic(sectionName)}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <CircleHelp aria-hidden="true" />
      </Button>
      <AfterFirstPaint fallback={null}>
        <HelpDialog sectionName={sectionName} open={open} onOpenChange={setOpen} />
      </AfterFirstPaint>
    </>
  );
}
