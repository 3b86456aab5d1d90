/** The docs that must stay true: the READMEs and docs/*.md. */
export function docsOf(root: string): string[];
/** Every backticked path or symbol of `docs` that names nothing in the repository. */
export function missingReferences(root: string, docs: string[]): { doc: string; name: string }[];
