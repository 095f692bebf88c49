/**
 * Every place the server raises a refusal (`new AppError(code, message)`), read from the source with
 * TypeScript's parser: which code, and which message it carries, named as written (`fundsMessages.utrUsed`,
 * `resultMessages.revertPending(...)` as `resultMessages.revertPending`, a text as itself), with a file's local
 * names for a message object (`import { accountMessages as m }`, `const closure = …`) read back to the object.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface ErrorSite {
  /** Relative to the scanned folder, with the line: `modules/funds/utr.ts:102`. */
  where: string;
  /** The first argument when it is a text; null when it is not (a variable, a condition). */
  code: string | null;
  /** The message as a name (see above); null when the argument is a condition of two messages. */
  message: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Local names that stand for another: import aliases and `const x = y.z` at any depth. */
function aliasesOf(file: ts.SourceFile): Map<string, string> {
  const aliases = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node) && node.propertyName) {
      aliases.set(node.name.text, node.propertyName.getText(file));
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isIdentifier(node.initializer) || ts.isPropertyAccessExpression(node.initializer))
    ) {
      aliases.set(node.name.text, node.initializer.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return aliases;
}

/** The message's name: a call's callee, a property chain with its root alias resolved, or the text itself. */
function messageName(expr: ts.Expression, file: ts.SourceFile, aliases: Map<string, string>): string | null {
  if (ts.isParenthesizedExpression(expr)) return messageName(expr.expression, file, aliases);
  if (ts.isConditionalExpression(expr)) return null;
  if (ts.isCallExpression(expr)) return messageName(expr.expression, file, aliases);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return JSON.stringify(expr.text);
  if (ts.isTemplateExpression(expr)) return JSON.stringify(expr.head.text);
  const text = expr.getText(file).replace(/\s+/g, '');
  const [root, ...rest] = text.split('.');
  const resolved = root !== undefined ? aliases.get(root) : undefined;
  return resolved === undefined ? text : [resolved, ...rest].join('.');
}

/** The refusals raised in one file's text (exported so a test can plant one). */
export function errorSitesOf(name: string, text: string): ErrorSite[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const aliases = aliasesOf(file);
  const sites: ErrorSite[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'AppError') {
      const [code, message] = node.arguments ?? [];
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      sites.push({
        where: `${name}:${line}`,
        code: code && ts.isStringLiteral(code) ? code.text : null,
        message: message ? messageName(message, file, aliases) : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** Every refusal raised under `dir` (test files left out). */
export function errorSites(dir: string): ErrorSite[] {
  return sourceFiles(dir).flatMap((path) => errorSitesOf(relative(dir, path), readFileSync(path, 'utf8')));
}
