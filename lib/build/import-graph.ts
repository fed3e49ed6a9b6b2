import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One module specifier a source file names, and whether loading the file runs it. */
export type ImportEdge = {
  specifier: string;
  /** Erased by the compiler (`import type`, `export type`, or only `type` specifiers): never loaded. */
  typeOnly: boolean;
};

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function allTypeOnly(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

function stringArgument(call: ts.CallExpression): string | undefined {
  const [first] = call.arguments;
  return first && ts.isStringLiteralLike(first) ? first.text : undefined;
}

/**
 * Every module specifier in a TypeScript or JavaScript source: static imports and re-exports,
 * `import x = require()`, `require()`, `require.resolve()` (Next loads files named that way in its
 * config) and `import()` with a literal argument. Type positions (`typeof import('x')`) are not
 * loads and are left out.
 */
export function readImports(file: string, source = fs.readFileSync(file, 'utf8')): ImportEdge[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, scriptKind(file));
  const edges: ImportEdge[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!named && ts.isNamedImports(named) && allTypeOnly(named.elements)));
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly });
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && allTypeOnly(clause.elements));
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly });
      return;
    }
    if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      edges.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isLoad =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'require' &&
          callee.name.text === 'resolve');
      const specifier = isLoad ? stringArgument(node) : undefined;
      if (specifier !== undefined) edges.push({ specifier, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return edges;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a specifier names, resolved the way the bundler and tsx do: `@/` is the repository
 * root, relative paths try the exact name, then the script extensions (a `.js` name also as
 * `.ts`/`.tsx`), then `index.*`. A package name (or a Node built-in) resolves to `undefined`; so
 * does a local path that matches no file.
 */
export function resolveImport(root: string, fromFile: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  const candidates = [base];
  const jsExtension = /\.(m|c)?jsx?$/.exec(base);
  if (jsExtension) {
    const stem = base.slice(0, -jsExtension[0].length);
    const flavour = jsExtension[1] ?? '';
    candidates.push(`${stem}.${flavour}ts`, `${stem}.${flavour}tsx`);
  }
  candidates.push(...SCRIPT_EXTENSIONS.map((extension) => base + extension));
  candidates.push(...SCRIPT_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)));
  return candidates.find(isFile);
}

/** True when a specifier names a local module (`@/…`, `./…`, `../…`) rather than a package. */
export function isLocalSpecifier(specifier: string): boolean {
  return specifier.startsWith('@/') || specifier.startsWith('./') || specifier.startsWith('../');
}

/** True for the files the walk parses; anything else a local import names (CSS, JSON) is a leaf. */
export function isScriptFile(file: string): boolean {
  return SCRIPT_EXTENSIONS.some((extension) => file.endsWith(extension)) && !file.endsWith('.d.ts');
}

export type ImportGraph = {
  /** Every script file reached, mapped to the file that first imported it (entries map to null). */
  parents: Map<string, string | null>;
  /** Package and built-in specifiers each reached file loads. */
  packages: Map<string, string[]>;
  /** Local specifiers that matched no file, as `file: specifier`. */
  unresolved: string[];
};

/**
 * Walks the runtime import graph (type-only imports are erased, so they are not followed) from
 * the entry files, breadth first, so that `chainTo` gives a shortest chain.
 */
export function walkImports(root: string, entries: string[]): ImportGraph {
  const parents = new Map<string, string | null>();
  const packages = new Map<string, string[]>();
  const unresolved: string[] = [];
  const queue: string[] = [];
  for (const entry of entries) {
    if (parents.has(entry)) continue;
    parents.set(entry, null);
    queue.push(entry);
  }
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!isScriptFile(file)) continue;
    const loaded: string[] = [];
    for (const { specifier, typeOnly } of readImports(file)) {
      if (typeOnly) continue;
      if (!isLocalSpecifier(specifier)) {
        loaded.push(specifier);
        continue;
      }
      const target = resolveImport(root, file, specifier);
      if (!target) {
        unresolved.push(`${path.relative(root, file)}: ${specifier}`);
        continue;
      }
      if (parents.has(target)) continue;
      parents.set(target, file);
      queue.push(target);
    }
    packages.set(file, loaded);
  }
  return { parents, packages, unresolved };
}

/** The import chain from an entry to a reached file, as repository-relative paths. */
export function chainTo(root: string, graph: ImportGraph, file: string): string[] {
  const chain: string[] = [];
  for (let current: string | null | undefined = file; current; current = graph.parents.get(current)) {
    chain.unshift(path.relative(root, current));
  }
  return chain;
}

/** Every file under a directory (recursively) whose name matches, skipping dependency and build folders. */
export function listFiles(directory: string, match: (file: string) => boolean): string[] {
  if (!fs.existsSync(directory)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full, match));
    else if (match(full)) files.push(full);
  }
  return files;
}

/** True when the file's directive prologue holds `'use client'`: Next ships it, and all it imports, to the browser. */
export function isClientFile(file: string, source = fs.readFileSync(file, 'utf8')): boolean {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, scriptKind(file));
  for (const statement of sourceFile.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) return false;
    if (statement.expression.text === 'use client') return true;
  }
  return false;
}
