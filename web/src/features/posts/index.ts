/**
 * What other features may use of posts; biome.json lets only search and montage import it (and only this
 * file). Search opens results in the post detail dialog and shows the member's own posts below the search box;
 * the montage maker shows the saved-images dialog after a download, as a post download does.
 */
export { MyTaggedPostsSection } from "./my-tagged-posts-section.tsx";
export { PostDetailDialog } from "./post-detail-dialog.tsx";
export { SavedImagesDialog } from "./saved-images-dialog.tsx";
