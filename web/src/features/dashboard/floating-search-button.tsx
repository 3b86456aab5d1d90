import { Search } from "lucide-react";
import { Link } from "react-router";

/** A round search button fixed to the bottom-right corner on small screens (hidden from md up). */
export function FloatingSearchButton() {
  return (
    <Link
      to="/search-tagged-posts"
      aria-label="Search tagged posts"
      className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-4 ring-white/70 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden"
    >
      <Search className="size-6" aria-hidden="true" />
    </Link>
  );
}
