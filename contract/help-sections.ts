/**
 * The help sections the member pages show a help button for, with their six-digit codes and the default help
 * text a fresh install ships. Member pages look a section up by its name, so these names are fixed; codes,
 * titles and help texts are the administrator's to change.
 */
export const BUILT_IN_HELP_SECTIONS = [
  {
    code: 100001,
    sectionName: "share-something",
    title: "Share Something",
    type: "page",
    route: "/dashboard",
    description: "The help button of a post's detail dialog (share, copy link, download).",
    help: {
      title: "Sharing a post",
      content:
        "Copy the link or the post's name and send it to the people you want to find it. Nobody browses Tagit: a post is found only by its exact name or your tagg.\n\nDownload the image to post it elsewhere; the banner text on it tells people where to look.",
    },
  },
  {
    code: 100002,
    sectionName: "recent-posts",
    title: "Recent Posts",
    type: "page",
    route: "/dashboard",
    description: "The help button of the My Tagged Posts dialog (the latest posts).",
    help: {
      title: "Recent posts",
      content:
        "Your latest tagged posts, newest first. Open one to see it as visitors do, copy its link or download the image.",
    },
  },
  {
    code: 100003,
    sectionName: "search-tags",
    title: "Search Tags",
    type: "page",
    route: "/dashboard",
    description: "The help button of the Who's Searching for Your Taggs card.",
    help: {
      title: "Who's searching for your taggs",
      content:
        "Each time someone searches for your tagg or a post name of yours, or opens one of your posts, it shows here: who looked, what they typed and when. Visitors who stay anonymous appear as Anonymous User.",
    },
  },
  {
    code: 100004,
    sectionName: "my-posts",
    title: "My Posts",
    type: "page",
    route: "/dashboard",
    description: "The help button of the My Tagged Posts card on the dashboard.",
    help: {
      title: "Your tagged posts",
      content:
        "Every post you have published. Open a post to see who viewed it, hide your name on it or delete it. A deleted post cannot be found again.",
    },
  },
  {
    code: 100005,
    sectionName: "social-links",
    title: "Social Links",
    type: "page",
    route: "/dashboard",
    description: "The help button of the Social Links card on the dashboard.",
    help: {
      title: "Social links",
      content:
        "Add the profiles you want visitors to reach you on. They appear on your posts unless you hide your personal information on a post.",
    },
  },
  {
    code: 100006,
    sectionName: "privacy-settings",
    title: "Privacy Settings",
    type: "page",
    route: "/dashboard",
    description: "The help button of the Privacy Settings card (dashboard and /manage).",
    help: {
      title: "Privacy settings",
      content:
        "Show lets the people you look up see your visit. Hide keeps you anonymous. Pause hides you for 48 hours and then shows you again.",
    },
  },
  {
    code: 100007,
    sectionName: "affiliate-program",
    title: "Affiliate Program",
    type: "page",
    route: "/affiliate",
    description: "The help button of the affiliate card and the /affiliate page.",
    help: {
      title: "Affiliate programme",
      content:
        "Share your referral link. When someone who joined through it subscribes to Premium you earn a commission, which you can request as a payout by bank transfer or PayPal. Payouts are processed at the start of each month.",
    },
  },
  {
    code: 100008,
    sectionName: "search-results",
    title: "Search Results",
    type: "page",
    route: "/search-tagged-posts",
    description: "The help button of the search results on /search-tagged-posts.",
    help: {
      title: "Search results",
      content:
        "Type a post's exact name or a member's tagg to find their posts. Searches are not fuzzy: only an exact match is shown, and the owner sees that you searched unless you keep your visits hidden.",
    },
  },
  {
    code: 100009,
    sectionName: "Create post pop up",
    title: "Create Post Pop Up",
    type: "popup",
    route: "/create-post",
    description: "The help button of the create-post form.",
    help: {
      title: "Creating a tagged post",
      content:
        "Choose an image and give the post a name nobody else uses. Scramble the image to make only a blurred version public, or hide your personal information so the post does not show your name.",
    },
  },
] as const;

/** Whether member pages look this section up by name (and so it cannot be renamed). */
export const isBuiltInSection = (sectionName: string): boolean =>
  BUILT_IN_HELP_SECTIONS.some((section) => section.sectionName === sectionName);
