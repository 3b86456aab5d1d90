import DOMPurify from "dompurify";
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_LINK_REL,
  SAFE_URI,
} from "#contract/html-policy.ts";

export { SAFE_URI };

let hooked = false;

/** Allow-list sanitising with DOMPurify (the contract's policy) before any server HTML reaches the page. */
export function sanitizeHtml(html: string): string {
  // Only the server's render of a page's first HTML has no DOM (decision 056): the server sanitizes what it
  // renders itself, with the same policy (server/plugins/page-renderer.ts).
  if (!DOMPurify.isSupported) return html;
  if (!hooked) {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.hasAttribute("href")) node.setAttribute("rel", HTML_LINK_REL);
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: SAFE_URI,
  });
}
