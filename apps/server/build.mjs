// Bundle the server for `node apps/server/dist/main.js`: our code and the workspace packages
// (@shotlib/*, TypeScript sources) are bundled; every other package stays an import from
// node_modules, so native and CJS dependencies load as their authors intended.
import { cp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const entryPoints = { main: path.join(here, 'src/main.ts') };
const seedCli = path.join(here, 'src/seed/seed-cli.ts');
if (existsSync(seedCli)) entryPoints['seed-cli'] = seedCli;
entryPoints['import-cli'] = path.join(here, 'src/import-cli.ts');

/** Keep bare imports external, except the workspace's own packages. */
const externalizeDependencies = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shotlib/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'info',
  plugins: [externalizeDependencies],
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
// client.ts looks for migrations beside the running file.
await cp(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`built ${Object.keys(entryPoints).join(', ')} → ${path.relative(process.cwd(), outdir)}`);
