/** The import cycles among the TypeScript files under `dirs`, each a list of files. */
export function importCycles(dirs: string[], aliases?: Record<string, string>): string[][];

/** The cycles `node scripts/import-cycles.mjs` fails on: everywhere outside web/src and tests/fixtures. */
export function repositoryImportCycles(root: string): string[][];
