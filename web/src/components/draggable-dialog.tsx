import { GripHorizontal, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { cn } from "#web/lib/cn.ts";
import { type Box, clampDragOffset, type Point } from "#web/lib/drag-bounds.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";

export type DraggableDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers when the dialog opens; visible under the title unless `hideDescription`. */
  description: ReactNode;
  hideDescription?: boolean;
  children: ReactNode;
  className?: string;
};

const KEY_STEP_PX = 24;
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -KEY_STEP_PX, y: 0 },
  ArrowRight: { x: KEY_STEP_PX, y: 0 },
  ArrowUp: { x: 0, y: -KEY_STEP_PX },
  ArrowDown: { x: 0, y: KEY_STEP_PX },
};

const INTERACTIVE = "button, a, input, textarea, select, [role='switch'], [role='menuitem']";

/**
 * A modal dialog that can be moved by dragging its header (mouse, pen or touch). It is a normal Radix
 * dialog otherwise: focus is trapped and returned, Escape and the close button close it, and keyboard users
 * can move it with the arrow keys on the grip button. It opens centred every time.
 */
export function DraggableDialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  children,
  className,
}: DraggableDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const restoreFocus = useRestoreFocus();
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; start: Point; startOffset: Point; box: Box } | null>(null);

  useEffect(() => {
    if (open) setOffset({ x: 0, y: 0 });
  }, [open]);

  const boxNow = useCallback((): Box | null => {
    const rect = contentRef.current?.getBoundingClientRect();
    return rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : null;
  }, []);

  const moveBy = useCallback(
    (delta: Point) => {
      const box = boxNow();
      if (!box) return;
      setOffset((current) =>
        clampDragOffset(current, box, delta, { width: window.innerWidth, height: window.innerHeight }),
      );
    },
    [boxNow],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest(INTERACTIVE)) return;
    const box = boxNow();
    if (!box) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      startOffset: offset,
      box,
    };
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const delta = { x: event.clientX - current.start.x, y: event.clientY - current.start.y };
    setOffset(
      clampDragOffset(current.startOffset, current.box, delta, {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const onGripKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    moveBy(step);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-900/40" />
        <DialogPrimitive.Content
          ref={contentRef}
          // Focus the dialog itself so its title and description are read first, not the grip button.
          onOpenAutoFocus={(event) => {
            restoreFocus.onOpenAutoFocus();
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={restoreFocus.onCloseAutoFocus}
          style={{ transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))` }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none",
            className,
          )}
        >
          <div
            data-drag-handle=""
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="flex shrink-0 cursor-grab touch-none items-start gap-2 border-b border-slate-100 py-3 pr-3 pl-2 select-none active:cursor-grabbing"
          >
            <button
              type="button"
              onKeyDown={onGripKeyDown}
              aria-label="Move dialog (use the arrow keys)"
              className="mt-0.5 rounded-md p-1.5 text-slate-400 hover:text-slate-700"
            >
              <GripHorizontal className="size-4" aria-hidden="true" />
            </button>
            <div className="min-w-0 flex-1 py-1">
              <DialogPrimitive.Title className="truncate text-lg font-semibold text-slate-900">
                {title}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description
                className={cn("text-sm text-slate-600", hideDescription && "sr-only")}
              >
                {description}
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
