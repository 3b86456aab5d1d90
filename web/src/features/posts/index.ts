/**
 * What other features may use of posts; biome.json lets only search import it (and only this file). Search
 * opens results in the post detail dialog and shows the member's own posts below the search box.
 */
export { MyTaggedPostsSection } from "./my-tagged-posts-section.tsx";
export { PostDetailDialog } from "./post-detail-dialog.tsx";
