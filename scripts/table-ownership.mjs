// Fails on a write to a table, or to a column of profiles, that server/db/schema/table-owners.ts gives to
// another owner (decision 080). A write is Drizzle's insert(table), update(table) or delete(table) on any handle
// (db, tx, …), with the table one the file imports from the schema, or an INSERT INTO, UPDATE … SET or DELETE FROM
// naming a table in a string or a sql`…` template. The writer is the module of the file
// (server/modules/<module>/), or its folder outside the modules (server/jobs, server/db, …). For a table owned
// by column, insert and delete belong to its rows' owner, and update(table).set(…) may set only the writer's own
// columns and the shared ones: an object literal (spreads of literals followed), or a variable whose declared
// type names its keys (a type literal, Pick<…, "a" | "b">, Partial<…>, ColumnsOf<"table", "module">, a type alias
// of the file). Tests and server/test (which set data up anywhere) are not read. The map itself is checked too:
// every table of the schema has an owner, and every owner is a folder of the server.
// Usage: node scripts/table-ownership.mjs
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { typeScriptFiles } from "./import-graph.mjs";
import { keysOfExpression, nameOf, unwrap } from "./written-keys.mjs";

const SHARED = "*";
const parse = (file) =>
  ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** A literal of strings and objects, as data; anything else is an error (the map is plain data). */
function literal(node) {
  const value = unwrap(node);
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
  if (!ts.isObjectLiteralExpression(value)) throw new Error(`not plain data: ${value.getText()}`);
  return Object.fromEntries(value.properties.map((p) => [nameOf(p.name), literal(p.initializer)]));
}

/** The exported constants of a table-owners file, read without running it: `{ TABLE_OWNERS, WRITERS_OF_ANY_TABLE }`. */
export function readTableOwners(file) {
  const data = {};
  for (const statement of parse(file).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) data[declaration.name.getText()] = literal(declaration.initializer);
    }
  }
  return data;
}

/** The tables the schema files under `schemaDir` export: name → `{ sqlName, columns }` (columns null if not literal). */
export function schemaTables(schemaDir) {
  const tables = new Map();
  for (const file of typeScriptFiles(schemaDir)) {
    for (const statement of parse(file).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const { name, initializer: call } of statement.declarationList.declarations) {
        if (!call || !ts.isCallExpression(call) || call.expression.getText() !== "pgTable") continue;
        const [sqlName, columns] = call.arguments;
        const names = ts.isObjectLiteralExpression(columns)
          ? columns.properties.map((p) => nameOf(p.name))
          : null;
        tables.set(name.getText(), { sqlName: sqlName.text, columns: names });
      }
    }
  }
  return tables;
}

/** What is wrong with the map itself: a table without an owner, a name that is no table, an owner that is no folder. */
export function mapProblems(root, owners, tables) {
  const problems = [];
  const ownerExists = (owner) =>
    owner === SHARED ||
    existsSync(join(root, owner.startsWith("server/") ? owner : `server/modules/${owner}`));
  for (const table of tables.keys()) if (!(table in owners)) problems.push(`${table} has no owner`);
  for (const [table, owner] of Object.entries(owners)) {
    if (!tables.has(table)) problems.push(`${table} is no table of the schema`);
    const named = typeof owner === "string" ? [owner] : [owner.rows, ...Object.values(owner.columns)];
    for (const name of new Set(named)) if (!ownerExists(name)) problems.push(`${table}: no owner "${name}"`);
    const columns = tables.get(table)?.columns;
    if (typeof owner === "string" || !columns) continue;
    for (const column of columns)
      if (!(column in owner.columns)) problems.push(`${table}.${column} has no owner`);
    for (const column of Object.keys(owner.columns)) {
      if (!columns.includes(column)) problems.push(`${table}.${column} is no column`);
    }
  }
  return problems;
}

/** Who writes from `file`: its module, or its folder outside the modules. */
function writerOf(root, file) {
  const parts = relative(join(root, "server"), file).split(sep);
  if (parts[0] === "modules") return parts.length > 2 ? parts[1] : "server/modules";
  return parts.length > 1 ? `server/${parts[0]}` : "server";
}

/** The file's names for the schema's tables: an imported table → its export name; a namespace import → all. */
function tableBindings(sourceFile, file, root, tables) {
  const names = new Map();
  const namespaces = new Set();
  const schemaDir = join(root, "server/db/schema");
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const specifier = statement.moduleSpecifier.text;
    const target = specifier.startsWith("#server/")
      ? join(root, "server", specifier.slice("#server/".length))
      : specifier.startsWith(".")
        ? resolve(dirname(file), specifier)
        : "";
    if (!target.startsWith(schemaDir + sep)) continue;
    const bindings = statement.importClause.namedBindings;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else
      for (const element of bindings.elements) {
        const exported = (element.propertyName ?? element.name).text;
        if (tables.has(exported)) names.set(element.name.text, exported);
      }
  }
  /** The table an expression names, or null. */
  return (node) => {
    const expr = unwrap(node);
    if (ts.isIdentifier(expr)) return names.get(expr.text) ?? null;
    if (
      ts.isPropertyAccessExpression(expr) &&
      ts.isIdentifier(expr.expression) &&
      namespaces.has(expr.expression.text)
    ) {
      return tables.has(expr.name.text) ? expr.name.text : null;
    }
    return null;
  };
}

const SQL_WRITE = /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?((?:"?\w+"?\.)?"?(\w+)"?)/gi;

/** The writes that raw SQL in a string or a template names (`${table}` read as its SQL name): `[{ op, table }]`. */
function rawWrites(node, tableOf, tables, bySqlName) {
  const sqlNameOf = (expr) => tables.get(tableOf(expr))?.sqlName ?? "?";
  const text = ts.isTemplateExpression(node)
    ? node.head.text +
      node.templateSpans.map((span) => sqlNameOf(span.expression) + span.literal.text).join("")
    : node.text;
  const writes = [];
  for (const match of text.matchAll(SQL_WRITE)) {
    const op = match[1].split(/\s/)[0].toLowerCase();
    const rest = text.slice(match.index + match[0].length);
    if (op === "update" && !/^\s+(?:(?:as\s+)?\w+\s+)?set\b/i.test(rest)) continue;
    const table = bySqlName.get(match[3]);
    if (table) writes.push({ op, table, raw: true });
  }
  return writes;
}

/**
 * Every write under `root`/server to a table or column another owner has: `[{ file, line, message }]`.
 * `owners` is TABLE_OWNERS, `writersOfAnyTable` the files exempt from it (paths from `root`).
 */
export function foreignWrites(root, { owners, writersOfAnyTable = {}, tables }) {
  const bySqlName = new Map([...tables].map(([name, { sqlName }]) => [sqlName, name]));
  const files = typeScriptFiles(join(root, "server")).filter(
    (file) => !/\.test\.tsx?$/.test(file) && !relative(root, file).startsWith(join("server", "test") + sep),
  );
  const found = [];
  for (const file of files) {
    if (relative(root, file).split(sep).join("/") in writersOfAnyTable) continue;
    const sourceFile = parse(file);
    const writer = writerOf(root, file);
    const tableOf = tableBindings(sourceFile, file, root, tables);
    const context = {
      sourceFile,
      keysOfReference: (name, [table, owner]) => {
        if (name !== "ColumnsOf") return undefined;
        const columns = owners[table]?.columns;
        return columns ? new Set(Object.keys(columns).filter((column) => columns[column] === owner)) : null;
      },
    };
    const report = (node, message) =>
      found.push({
        file,
        // The line of `.update(` in a chain, or of the string.
        line: sourceFile.getLineAndCharacterOfPosition((node.expression?.name ?? node).getStart()).line + 1,
        message: `${writer} ${message}`,
      });

    const check = (node, { op, table, raw }) => {
      const owner = owners[table];
      if (owner === undefined) return;
      if (typeof owner === "string") {
        if (owner !== writer) report(node, `${op}s ${table}, which ${owner} owns: ask its service`);
        return;
      }
      if (op !== "update") {
        if (owner.rows !== writer)
          report(node, `${op}s rows of ${table}, which ${owner.rows} owns: ask its service`);
        return;
      }
      const set = node.parent;
      const keys =
        !raw &&
        ts.isPropertyAccessExpression(set) &&
        set.name.text === "set" &&
        ts.isCallExpression(set.parent)
          ? keysOfExpression(set.parent.arguments[0], context)
          : null;
      if (!keys) {
        report(
          node,
          `updates ${table}, columns untold: use .set() with an object literal or a value typed with ColumnsOf`,
        );
        return;
      }
      for (const column of keys) {
        const columnOwner = owner.columns[column];
        if (columnOwner !== SHARED && columnOwner !== writer) {
          report(node, `sets ${table}.${column}, which ${columnOwner ?? "nobody"} owns: ask its service`);
        }
      }
    };

    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const op = node.expression.name.text;
        const table = node.arguments[0] && tableOf(node.arguments[0]);
        if (["insert", "update", "delete"].includes(op) && table) check(node, { op, table });
      }
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)
      ) {
        for (const write of rawWrites(node, tableOf, tables, bySqlName)) check(node, write);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

/** What `node scripts/table-ownership.mjs` fails on: the map's problems and the foreign writes of `root`. */
export function tableOwnershipProblems(root) {
  const { TABLE_OWNERS: owners, WRITERS_OF_ANY_TABLE: writersOfAnyTable } = readTableOwners(
    join(root, "server/db/schema/table-owners.ts"),
  );
  const tables = schemaTables(join(root, "server/db/schema"));
  return [
    ...mapProblems(root, owners, tables).map((problem) => `server/db/schema/table-owners.ts: ${problem}`),
    ...foreignWrites(root, { owners, writersOfAnyTable, tables }).map(
      ({ file, line, message }) => `${relative(root, file)}:${line}: ${message}`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const problems = tableOwnershipProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log("Table ownership: every table and column of profiles is written only by its owner.");
}
