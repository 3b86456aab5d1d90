// The texts the product shows by default, in one place: what a new install starts with (an administrator can
// change each) and what a page shows when a setting cannot be loaded. Kept apart from the schemas so a page can
// show them without loading zod.

export const DEFAULT_TERMS_TITLE = "Terms and Conditions";

export const DEFAULT_GREETING_CONTENT =
  "Welcome to Tagit! Give your next post a unique name, share the name, and see who comes looking for it.";
export const DEFAULT_SAVED_IMAGES_CONTENT =
  "<p><strong>Thank you for saving this image!</strong> You will find it in your downloads.</p>";
export const DEFAULT_HIDE_SEARCHES_CONTENT = "This is how to hide your searches";
export const DEFAULT_BANNER_TEXT = "come see me";

export const DEFAULT_WHAT_WE_DO_CONTENT = `Welcome to Tagit.

Tagit lets you publish tagged posts: an image with a name that is yours alone. Nobody browses Tagit and nobody stumbles on your posts. People find a post only by typing its exact name or your tagg, your unique handle, so you decide who can find you by deciding who you tell.

Every time someone searches for your posts or opens one, you see it in "Who's Searching for Your Taggs": who looked, what they typed and when. Visitors who choose to stay anonymous appear as Anonymous User and still count towards your unique viewers.

You control how you appear to others. Show lets the people you look up see your visit, Hide keeps you anonymous, and Pause hides you for 48 hours. You can scramble an image so only a blurred version is public, hide your name from a post, and delete your own search history at any time.

Premium unlocks visibility controls for all your posts at once. The affiliate programme pays you a commission for every member you refer who subscribes, and the montage maker turns your pictures into a wallpaper you can download.`;

/** What the What We Do dialog says when the administrator's text cannot be loaded. */
export const WHAT_WE_DO_FALLBACK_TEXT = `Welcome to Tagit!

Publish tagged posts: images with a name that is yours alone. People find them only by typing that exact name or your tagg, and you see who came looking.`;

/** What the saved-images dialog says when its popup is missing, failed to load or is switched off. */
export const SAVED_IMAGES_FALLBACK_TEXT = "Your image has been saved successfully!";
