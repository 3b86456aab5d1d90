/** The moderation reasons a new install starts with; the admin panel edits the list from then on. */
export const DEFAULT_MODERATION_REASONS = [
  { label: "Illegal content", rule: "Nothing that breaks the law, or helps someone else break it." },
  { label: "Spam or scam", rule: "No spam, scams, or posts meant to mislead people." },
  { label: "Harassment or bullying", rule: "No harassing, bullying, threatening or shaming anyone." },
  { label: "Nudity or sexual content", rule: "No nudity or sexual content." },
  { label: "Someone else's image or work", rule: "Post only images you own or have permission to share." },
  { label: "Private information", rule: "Never share someone's private information without their consent." },
  {
    label: "Impersonation",
    rule: "Do not pretend to be another person or organisation, in a tagg, a profile or a post.",
  },
] as const;
