import { createLucideIcon } from "lucide-react";

/*
 * Brand marks of the social platforms. lucide-react 1.x ships no brand icons, so these outline marks are
 * taken from Tabler Icons 3.51 (MIT License, Copyright (c) 2020-2026 Paweł Kuna) and wrapped as lucide
 * icons: same 24×24 grid, 2 px stroke, `className` / `size` props, so they sit beside lucide icons.
 */

export const FacebookIcon = createLucideIcon("brand-facebook", [
  ["path", { d: "M7 10v4h3v7h4v-7h3l1 -4h-4v-2a1 1 0 0 1 1 -1h3v-4h-3a5 5 0 0 0 -5 5v2h-3", key: "a" }],
]);

export const YoutubeIcon = createLucideIcon("brand-youtube", [
  ["path", { d: "M2 8a4 4 0 0 1 4 -4h12a4 4 0 0 1 4 4v8a4 4 0 0 1 -4 4h-12a4 4 0 0 1 -4 -4v-8", key: "a" }],
  ["path", { d: "M10 9l5 3l-5 3l0 -6", key: "b" }],
]);

export const XBrandIcon = createLucideIcon("brand-x", [
  ["path", { d: "M4 4l11.733 16h4.267l-11.733 -16l-4.267 0", key: "a" }],
  ["path", { d: "M4 20l6.768 -6.768m2.46 -2.46l6.772 -6.772", key: "b" }],
]);

export const InstagramIcon = createLucideIcon("brand-instagram", [
  [
    "path",
    { d: "M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10", key: "a" },
  ],
  ["path", { d: "M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0", key: "b" }],
  ["path", { d: "M17 7v.01", key: "c" }],
]);

export const LinkedinIcon = createLucideIcon("brand-linkedin", [
  ["path", { d: "M8 11v5", key: "a" }],
  ["path", { d: "M8 8v.01", key: "b" }],
  ["path", { d: "M12 16v-5", key: "c" }],
  ["path", { d: "M16 16v-3a2 2 0 1 0 -4 0", key: "d" }],
  [
    "path",
    { d: "M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10", key: "e" },
  ],
]);

export const TiktokIcon = createLucideIcon("brand-tiktok", [
  [
    "path",
    {
      d: "M21 7.917v4.034a9.948 9.948 0 0 1 -5 -1.951v4.5a6.5 6.5 0 1 1 -8 -6.326v4.326a2.5 2.5 0 1 0 4 2v-11.5h4.083a6.005 6.005 0 0 0 4.917 4.917",
      key: "a",
    },
  ],
]);

export const GithubIcon = createLucideIcon("brand-github", [
  [
    "path",
    {
      d: "M9 19c-4.3 1.4 -4.3 -2.5 -6 -3m12 5v-3.5c0 -1 .1 -1.4 -.5 -2c2.8 -.3 5.5 -1.4 5.5 -6a4.6 4.6 0 0 0 -1.3 -3.2a4.2 4.2 0 0 0 -.1 -3.2s-1.1 -.3 -3.5 1.3a12.3 12.3 0 0 0 -6.2 0c-2.4 -1.6 -3.5 -1.3 -3.5 -1.3a4.2 4.2 0 0 0 -.1 3.2a4.6 4.6 0 0 0 -1.3 3.2c0 4.6 2.7 5.7 5.5 6c-.6 .6 -.6 1.2 -.5 2v3.5",
      key: "a",
    },
  ],
]);

export const TwitchIcon = createLucideIcon("brand-twitch", [
  [
    "path",
    {
      d: "M4 5v11a1 1 0 0 0 1 1h2v4l4 -4h5.584c.266 0 .52 -.105 .707 -.293l2.415 -2.414c.187 -.188 .293 -.442 .293 -.708v-8.585a1 1 0 0 0 -1 -1h-14a1 1 0 0 0 -1 1l.001 0",
      key: "a",
    },
  ],
  ["path", { d: "M16 8l0 4", key: "b" }],
  ["path", { d: "M12 8l0 4", key: "c" }],
]);
