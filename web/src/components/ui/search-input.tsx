import { Search } from "lucide-react";
import { cn } from "#web/lib/cn.ts";
import { Input, type InputProps } from "./input.tsx";

/** A search field: an Input of type search with a leading magnifier. `wrapperClassName` sizes the box. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: Omit<InputProps, "type"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input type="search" className={cn("pl-9", className)} {...props} />
    </div>
  );
}
