import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

/**
 * A real build of a small app: an entry that imports a module statically and two pages lazily; one page is a page the
 * server renders (given to the plugin), the other is not. The page modules share a module (its own chunk).
 */
const SOURCES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>',
  'src/main.ts': [
    "import { boot } from './boot';",
    'boot();',
    "document.addEventListener('click', () => void import('./rendered-page'));",
    "document.addEventListener('keydown', () => void import('./other-page'));",
  ].join('\n'),
  'src/boot.ts': "export function boot() {\n  document.title = 'boot-marker';\n}\n",
  'src/shared.ts': "export function shared(text: string) {\n  document.body.append(text);\n}\n",
  'src/rendered-page.ts': "import { shared } from './shared';\n\nexport function render() {\n  shared('rendered-marker');\n}\nrender();\n",
  'src/other-page.ts': "import { shared } from './shared';\n\nshared('other-marker');\n",
};

describe('compileHints (a real Vite build)', () => {
  let root: string;
  let chunks: Map<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shotlib-hints-'));
    for (const [file, text] of Object.entries(SOURCES)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints(['src/rendered-page.ts'])],
      build: { outDir: 'dist', sourcemap: true, minify: false },
    });
    const dir = path.join(root, 'dist/assets');
    chunks = new Map();
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js'))) chunks.set(file, await readFile(path.join(dir, file), 'utf8'));
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** The chunk whose code holds `marker`. */
  const chunkWith = (marker: string) => {
    const found = [...chunks].find(([, code]) => code.includes(marker));
    if (!found) throw new Error(`no chunk holds ${marker}`);
    return { file: found[0], code: found[1] };
  };

  it('starts the entry, the rendered page and what it imports with the hint, and leaves a lazy page alone', () => {
    expect(chunkWith('boot-marker').code.startsWith(COMPILE_HINT)).toBe(true);
    expect(chunkWith('rendered-marker').code.startsWith(COMPILE_HINT)).toBe(true);
    expect(chunkWith('document.body.append').code.startsWith(COMPILE_HINT)).toBe(true);
    expect(chunkWith('other-marker').code.startsWith(COMPILE_HINT)).toBe(false);
  });

  it('keeps every source map pointing at the right line', async () => {
    for (const [marker, source, line] of [
      ['boot-marker', 'src/boot.ts', 2],
      ['rendered-marker', 'src/rendered-page.ts', 4],
      ['other-marker', 'src/other-page.ts', 3],
    ] as const) {
      const { file, code } = chunkWith(marker);
      const before = code.slice(0, code.indexOf(marker)).split('\n');
      const map = new TraceMap(await readFile(path.join(root, 'dist/assets', `${file}.map`), 'utf8'));
      const original = originalPositionFor(map, { line: before.length, column: before.at(-1)!.length });
      expect(original.source, marker).toMatch(new RegExp(`${source.replace('.', '\\.')}$`));
      expect(original.line, marker).toBe(line);
    }
  });
});
