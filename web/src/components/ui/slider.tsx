import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Accessible name of the thumb (the element with role="slider"), e.g. "Horizontal position". */
  thumbLabel: string;
  /** Read out instead of the bare number, e.g. "30%". */
  valueText?: string;
};

/** A single-thumb slider (role="slider"): drag, click the track, or use the arrow / Page / Home / End keys. */
export function Slider({ className, thumbLabel, valueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn(
        "relative flex w-full touch-none items-center select-none data-disabled:opacity-50 data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-32 data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative grow overflow-hidden rounded-full bg-slate-200 data-[orientation=horizontal]:h-2 data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-2">
        <SliderPrimitive.Range className="absolute bg-brand-600 data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-disabled:pointer-events-none"
      />
    </SliderPrimitive.Root>
  );
}
