import { ExternalLink, Link2, Share2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu.tsx";
import { searchPageUrl, shareTargets } from "./share-links.ts";

export type ShareMenuProps = { postName: string };

async function copyLink() {
  try {
    await navigator.clipboard.writeText(searchPageUrl(window.location.origin));
    toast.success("Link Copied!");
  } catch {
    toast.error("Failed to copy link");
  }
}

/** Share to Facebook, Twitter or WhatsApp (new tab), or copy the link to the search page. */
export function ShareMenu({ postName }: ShareMenuProps) {
  const targets = shareTargets(postName, window.location.origin);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-48">
        {targets.map((target) => (
          <DropdownMenuItem key={target.id} asChild>
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {target.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <Link2 aria-hidden="true" />
          Copy Link
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
