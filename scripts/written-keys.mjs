// Which keys an object in TypeScript code carries, read from the syntax alone (no type checker): what
// scripts/table-ownership.mjs needs to tell which columns an update(table).set(…) sets. An answer is a Set of
// keys, or null when the code does not say them.
import ts from "typescript";

/** The expression inside parentheses, `as` and `satisfies`. */
export const unwrap = (node) =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)
    ? unwrap(node.expression)
    : node;

/** A property's name when it is written out (`a`, `"a"`), else null. */
export const nameOf = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null);

const union = (sets) => (sets.includes(null) ? null : new Set(sets.flatMap((set) => [...set])));
const keyOf = (member) =>
  member.name && nameOf(member.name) !== null ? new Set([nameOf(member.name)]) : null;

/**
 * The keys an object expression may carry: an object literal's (its spreads followed through `cond && {…}` and
 * `cond ? {…} : {…}`), or a variable's or parameter's of the file. `context` is `{ sourceFile, keysOfReference }`,
 * the latter answering the keys a named key type (`ColumnsOf<…>`) stands for, or undefined.
 */
export function keysOfExpression(node, context) {
  const expr = unwrap(node);
  if (ts.isObjectLiteralExpression(expr)) {
    return union(
      expr.properties.map((p) =>
        ts.isSpreadAssignment(p) ? keysOfExpression(p.expression, context) : keyOf(p),
      ),
    );
  }
  if (ts.isConditionalExpression(expr)) {
    return union([keysOfExpression(expr.whenTrue, context), keysOfExpression(expr.whenFalse, context)]);
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return keysOfExpression(expr.right, context); // a falsy left side spreads nothing
  }
  if (ts.isIdentifier(expr)) return keysOfName(expr, context);
  return null;
}

/** The keys of a variable or parameter, from its declared type or its initializer. */
function keysOfName(identifier, context) {
  for (let scope = identifier.parent; scope; scope = scope.parent) {
    const parameter = ts.isFunctionLike(scope)
      ? scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text)
      : undefined;
    if (parameter) return parameter.type ? keysOfType(parameter.type, context) : null;
    const statements = ts.isBlock(scope) || ts.isSourceFile(scope) ? scope.statements : [];
    for (const statement of statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const found = statement.declarationList.declarations.find(
        (d) => ts.isIdentifier(d.name) && d.name.text === identifier.text,
      );
      if (found?.type) return keysOfType(found.type, context);
      if (found?.initializer) return keysOfExpression(found.initializer, context);
    }
  }
  return null;
}

const aliasOf = (name, { sourceFile }) =>
  sourceFile.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === name)?.type;

/** The property names of an object type: a type literal, Partial/Readonly/Required, Pick, a type alias of the file. */
function keysOfType(node, context) {
  if (ts.isParenthesizedTypeNode(node)) return keysOfType(node.type, context);
  if (ts.isTypeLiteralNode(node)) return union(node.members.map(keyOf));
  if (ts.isIntersectionTypeNode(node)) return union(node.types.map((t) => keysOfType(t, context)));
  if (!ts.isTypeReferenceNode(node)) return null;
  const name = node.typeName.getText();
  const [first, second] = node.typeArguments ?? [];
  if (["Partial", "Readonly", "Required"].includes(name) && first) return keysOfType(first, context);
  if (name === "Pick" && second) return keyUnion(second, context);
  const alias = aliasOf(name, context);
  return alias ? keysOfType(alias, context) : null;
}

/** The string literals of a key type (`"a" | "b"`, a named one such as ColumnsOf<"table", "module">). */
function keyUnion(node, context) {
  if (ts.isParenthesizedTypeNode(node)) return keyUnion(node.type, context);
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return new Set([node.literal.text]);
  if (ts.isUnionTypeNode(node)) return union(node.types.map((t) => keyUnion(t, context)));
  if (!ts.isTypeReferenceNode(node)) return null;
  const name = node.typeName.getText();
  const args = (node.typeArguments ?? []).map((t) => (ts.isLiteralTypeNode(t) ? t.literal.text : null));
  const named = context.keysOfReference?.(name, args);
  if (named !== undefined) return named;
  const alias = aliasOf(name, context);
  return alias ? keyUnion(alias, context) : null;
}
