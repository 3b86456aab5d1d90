import sanitize from "sanitize-html";
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_LINK_REL,
  SAFE_URI,
} from "#contract/html-policy.ts";

/**
 * Sanitizes administrator-written HTML before it is stored (sanitize-html, the contract's allow-list): scripts,
 * styles, event-handler attributes and unsafe link schemes never reach the database. The browser sanitizes
 * again when it shows it.
 */
export function sanitizeStoredHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [...HTML_ALLOWED_TAGS],
    // `rel` is ours: the transform below replaces whatever the author wrote.
    allowedAttributes: { a: [...HTML_ALLOWED_ATTRIBUTES, "rel"] },
    // The scheme check below decides; sanitize-html's own list would also admit ftp: and tel:.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    exclusiveFilter: () => false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        const safe: Record<string, string> = href && SAFE_URI.test(href) ? { href, rel: HTML_LINK_REL } : {};
        return { tagName, attribs: safe };
      },
    },
  });
}
