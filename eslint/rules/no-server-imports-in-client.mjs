import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * Folders (and single modules) of server code, relative to the repository root: the database,
 * the accounts and their secrets, mail, file storage, jobs, caches, rate limits, the config and
 * the server edge (the API wrapper and the HTTP layer; the browser's API client is
 * lib/api-client, its session lib/browser-session).
 */
export const SERVER_MODULES = [
  'lib/api',
  'lib/http',
  'lib/db',
  'lib/accounts',
  'lib/mail',
  'lib/storage',
  'lib/jobs',
  'lib/cache',
  'lib/security',
  'lib/env',
];

/** Packages (with their subpaths) that only run on the server. */
export const SERVER_PACKAGES = [
  'server-only',
  'pg',
  'pg-boss',
  'argon2',
  'iron-session',
  'sharp',
  'nodemailer',
  'geoip-lite',
  'drizzle-orm',
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  'next/headers',
  'next/root-params',
];

const NODE_BUILTINS = new Set(builtinModules);
const SCRIPT_EXTENSION = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

function isClientFile(program) {
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') return false;
    if (statement.directive === 'use client') return true;
  }
  return false;
}

/** The repository-relative module a local specifier names (`@/…` or relative), without extension or `/index`. */
function localModuleId(root, filename, specifier) {
  let absolute;
  if (specifier.startsWith('@/')) absolute = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    absolute = path.resolve(path.dirname(filename), specifier);
  else return undefined;
  return path
    .relative(root, absolute)
    .split(path.sep)
    .join('/')
    .replace(SCRIPT_EXTENSION, '')
    .replace(/\/index$/, '');
}

function withinAny(id, prefixes) {
  return prefixes.some((prefix) => id === prefix || id.startsWith(`${prefix}/`));
}

/** Why a specifier is server code, or undefined when a client file may import it. */
export function serverReason(root, filename, specifier) {
  const id = localModuleId(root, filename, specifier);
  if (id !== undefined) return withinAny(id, SERVER_MODULES) ? `${id} is server code` : undefined;
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]))
    return 'Node built-ins do not exist in the browser';
  if (withinAny(specifier, SERVER_PACKAGES)) return 'it is a server-only package';
  return undefined;
}

function allTypeSpecifiers(specifiers, kind) {
  return specifiers.length > 0 && specifiers.every((specifier) => specifier[kind] === 'type');
}

function literalSource(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/**
 * A file that starts with the `'use client'` directive ships to the browser, and so does
 * everything it imports: it may not import server modules (the database, accounts, mail,
 * storage, jobs, caches, security, the config), Node built-ins or server-only packages. A
 * type-only import is erased by the compiler and stays allowed. Covers static imports,
 * re-exports, `import()` and `require()` with a literal specifier.
 * @type {import('eslint').Rule.RuleModule}
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid server modules in files marked 'use client'" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Repository root that `@/` points at' } },
        additionalProperties: false,
      },
    ],
    messages: {
      serverImport:
        "A 'use client' file may not import '{{specifier}}' ({{reason}}): call an API route, or pass the data in " +
        'as props from a server component. A type-only import is fine.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    let client = false;
    const check = (node, specifier) => {
      if (!client || specifier === undefined) return;
      const reason = serverReason(root, filename, specifier);
      if (reason) context.report({ node, messageId: 'serverImport', data: { specifier, reason } });
    };
    return {
      Program(program) {
        client = isClientFile(program);
      },
      ImportDeclaration(node) {
        if (node.importKind === 'type' || allTypeSpecifiers(node.specifiers, 'importKind')) return;
        check(node, literalSource(node.source));
      },
      ExportNamedDeclaration(node) {
        if (!node.source || node.exportKind === 'type' || allTypeSpecifiers(node.specifiers, 'exportKind')) return;
        check(node, literalSource(node.source));
      },
      ExportAllDeclaration(node) {
        if (node.exportKind === 'type') return;
        check(node, literalSource(node.source));
      },
      TSImportEqualsDeclaration(node) {
        if (node.importKind === 'type' || node.moduleReference.type !== 'TSExternalModuleReference') return;
        check(node, literalSource(node.moduleReference.expression));
      },
      ImportExpression(node) {
        check(node, literalSource(node.source));
      },
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'require') return;
        check(node, literalSource(node.arguments[0]));
      },
    };
  },
};

export default rule;
