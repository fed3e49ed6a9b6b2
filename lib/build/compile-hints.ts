import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * V8's explicit compile hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): a script
 * whose first line is this comment has all its functions compiled eagerly while it streams in,
 * on a background thread. Without it V8 compiles each function lazily on the main thread the
 * first time it runs, and a page's hydration runs nearly every function of React and the Next
 * runtime once, so that compilation landed in one long main-thread task.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Prefixes the hint to a chunk's source, once. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

/**
 * Adds the hint to every browser chunk of a production build. Every chunk qualifies: the shared
 * framework chunks and a page's own ones run at hydration, and a lazily loaded chunk (a form
 * behind `next/dynamic`) is requested only when it is about to render. Names stay as built: they
 * are content hashes of the chunk, and the added line is the same in every build.
 */
export async function addCompileHints(distDir: string): Promise<number> {
  const chunksDir = path.join(distDir, 'static', 'chunks');
  const entries = await fs.readdir(chunksDir, { recursive: true, withFileTypes: true });
  let changed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await fs.readFile(file, 'utf8');
    const hinted = withCompileHint(source);
    if (hinted === source) continue;
    await fs.writeFile(file, hinted);
    changed++;
  }
  return changed;
}
