import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILE_HINT, addCompileHints, withCompileHint } from './compile-hints';

describe('compile hints for browser chunks', () => {
  it('puts the hint on the first line, once', () => {
    const hinted = withCompileHint('(globalThis.TURBOPACK||[]).push([1]);');
    expect(hinted.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(withCompileHint(hinted)).toBe(hinted);
  });

  it('hints every JavaScript chunk of a build, nested ones too, and leaves other files alone', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-hints-'));
    const chunks = path.join(dist, 'static', 'chunks');
    fs.mkdirSync(path.join(chunks, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(chunks, 'a.js'), 'a()');
    fs.writeFileSync(path.join(chunks, 'pages', 'b.js'), 'b()');
    fs.writeFileSync(path.join(chunks, 'c.css'), 'body{}');

    expect(await addCompileHints(dist)).toBe(2);
    expect(fs.readFileSync(path.join(chunks, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}a()`);
    expect(fs.readFileSync(path.join(chunks, 'pages', 'b.js'), 'utf8')).toBe(`${COMPILE_HINT}b()`);
    expect(fs.readFileSync(path.join(chunks, 'c.css'), 'utf8')).toBe('body{}');
    // A second build step over the same output changes nothing.
    expect(await addCompileHints(dist)).toBe(0);
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
