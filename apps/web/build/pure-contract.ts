import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The contract (packages/contract) builds its zod schemas at the top level of the same modules that hold the
 * constants and helpers the first view needs (RANK, mediaUrl, CollectMessage, …). A bundler must assume a call has
 * effects, so importing one constant from such a module would bring every schema of it, and zod, into the first
 * chunk. For the browser build only, this plugin marks what building those values does as pure: each top-level
 * `const X = <expression with calls>` becomes `const X = /* @__PURE__ *\/ (() => (<expression>))()`, and each
 * top-level call statement (the one registry entry for OpenAPI) likewise; an unused schema is then dropped, and zod
 * with it when no schema is used. A kept value is computed exactly as before, in the same order.
 * The one effect lost is `CategorySchema.register(z.globalRegistry, …)`, which only the server's OpenAPI document
 * reads. (docs/decisions/035-first-view-weight.md)
 */
const contractSource = `${path.sep}packages${path.sep}contract${path.sep}src${path.sep}`;

/**
 * Whether building the value may have an effect in a bundler's eyes: a call, a `new`, a tagged template, or reading a
 * property (a getter could run: `{ error: ValidationMessage.dateRange }` kept validation.ts, and with it every
 * schema it defines and zod, in the first view's chunk, since a module with an effect must run where it is imported).
 */
function hasEffect(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return true;
  // A function's body runs when it is called, not when it is defined.
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  return ts.forEachChild(node, (child) => (hasEffect(child) ? true : undefined)) ?? false;
}

export function markContractPure(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  const wrap = (expression: ts.Expression) => {
    edits.push({ at: expression.getStart(source), text: '/* @__PURE__ */ (() => (' }, { at: expression.getEnd(), text: '))()' });
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer && hasEffect(declaration.initializer)) wrap(declaration.initializer);
      }
    } else if (ts.isExpressionStatement(statement) && ts.isCallExpression(statement.expression)) {
      wrap(statement.expression);
    }
  }
  let out = code;
  for (const { at, text } of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

export function pureContract(): Plugin {
  return {
    name: 'shotlib:pure-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.includes(contractSource) || !file.endsWith('.ts') || file.endsWith('.test.ts')) return null;
      return { code: markContractPure(code, file), map: null };
    },
  };
}
