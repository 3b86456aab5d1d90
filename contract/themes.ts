export const THEMES = [
  "blue",
  "purple",
  "green",
  "orange",
  "red",
  "pink",
  "yellow",
  "cyan",
  "indigo",
  "teal",
  "lime",
  "amber",
  "rose",
  "violet",
  "emerald",
  "sky",
] as const;

export type Theme = (typeof THEMES)[number];
