import { Search } from "lucide-react";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";

/** /search-tagged-posts (everyone). Search arrives with the search feature. */
export function SearchTaggedPostsPage() {
  return (
    <PagePlaceholder
      icon={Search}
      title="Search Tagged Posts"
      description="This page will let you find a tagged post by typing its exact post name or its owner's tagg. It arrives with the search feature."
    />
  );
}
