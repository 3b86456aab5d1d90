// The header and footer, one chunk: the landing page and the full-screen auth pages show neither.
export { SiteFooter } from "./site-footer.tsx";
export { SiteHeader } from "./site-header.tsx";
