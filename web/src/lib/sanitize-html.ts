import DOMPurify from "dompurify";

/** Formatting elements administrator-written HTML (terms, popups) may use; everything else is dropped. */
const ALLOWED_TAGS = [
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
];

/** Only http(s), mailto and same-site relative links survive (no javascript:, data: or //host links). */
export const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#|\?)/i;

let hooked = false;

/** Allow-list sanitising with DOMPurify before any server HTML reaches the page. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.hasAttribute("href"))
        node.setAttribute("rel", "noopener noreferrer nofollow");
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href"],
    ALLOWED_URI_REGEXP: SAFE_URI,
  });
}
