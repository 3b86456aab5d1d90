/**
 * What administrator-written HTML (terms, the saved-images popup) may hold: formatting elements and links, no
 * attributes but `href`, and only http(s), mailto and same-site links. The server sanitizes with it when the
 * HTML is written, the browser again when it is shown.
 */
export const HTML_ALLOWED_TAGS = [
  "a",
  "b",
  "blockquote",
  "br",
  "code",
  "div",
  "em",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
] as const;

export const HTML_ALLOWED_ATTRIBUTES = ["href"] as const;

/** Only http(s), mailto and same-site relative links survive (no javascript:, data: or //host links). */
export const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#|\?)/i;

/** Every link in administrator HTML opens without handing the page to the target. */
export const HTML_LINK_REL = "noopener noreferrer nofollow";
