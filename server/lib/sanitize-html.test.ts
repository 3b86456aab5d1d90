import { describe, expect, it } from "vitest";
import { sanitizeStoredHtml } from "./sanitize-html.ts";

describe("sanitizeStoredHtml", () => {
  it("keeps formatting and safe links", () => {
    expect(sanitizeStoredHtml('<h2>Terms</h2><p>Read <a href="https://example.com/x">this</a>.</p>')).toBe(
      '<h2>Terms</h2><p>Read <a href="https://example.com/x" rel="noopener noreferrer nofollow">this</a>.</p>',
    );
    expect(sanitizeStoredHtml('<a href="/terms">here</a>')).toBe(
      '<a href="/terms" rel="noopener noreferrer nofollow">here</a>',
    );
  });

  it("drops scripts, styles, event handlers and unsafe link schemes", () => {
    expect(sanitizeStoredHtml('<p onclick="steal()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(sanitizeStoredHtml('<style>p{}</style><img src=x onerror="alert(1)">ok')).toBe("ok");
    expect(sanitizeStoredHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeStoredHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeStoredHtml('<a href="data:text/html,<script>">x</a>')).toBe("<a>x</a>");
    expect(sanitizeStoredHtml('<a href="//evil.example">x</a>')).toBe("<a>x</a>");
    expect(sanitizeStoredHtml('<iframe src="https://evil.example"></iframe><p style="color:red">t</p>')).toBe(
      "<p>t</p>",
    );
  });
});
