/** Which owner writes a table: a module's name, a server folder ("server/jobs"), or, for a table owned by column, its rows' owner and each column's ("*": every writer). */
export type TableOwner = string | { rows: string; columns: Record<string, string> };

/** The exported constants of a table-owners file, read as data without running it. */
export function readTableOwners(file: string): Record<string, Record<string, TableOwner>>;

/** The tables the schema files under `schemaDir` export: name → SQL name and column names (null if not literal). */
export function schemaTables(schemaDir: string): Map<string, { sqlName: string; columns: string[] | null }>;

/** What is wrong with the map itself: a table without an owner, a name that is no table, an owner that is no folder. */
export function mapProblems(
  root: string,
  owners: Record<string, TableOwner>,
  tables: ReturnType<typeof schemaTables>,
): string[];

/** Every write under `root`/server to a table or a column another owner has. */
export function foreignWrites(
  root: string,
  options: {
    owners: Record<string, TableOwner>;
    writersOfAnyTable?: Record<string, string>;
    tables: ReturnType<typeof schemaTables>;
  },
): { file: string; line: number; message: string }[];

/** What `node scripts/table-ownership.mjs` fails on, each a line naming the file. */
export function tableOwnershipProblems(root: string): string[];
