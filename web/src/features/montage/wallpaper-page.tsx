import { LayoutGrid } from "lucide-react";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";

/** /wallpaper (members): the montage maker. Arrives with the montage feature. */
export function WallpaperPage() {
  return (
    <PagePlaceholder
      icon={LayoutGrid}
      title="Create Your Montage"
      description="This page will hold the montage maker: arrange your profile picture and up to 10 images on a canvas and download the result as a wallpaper. It arrives with the montage feature."
    />
  );
}
