import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
/**
 * gzip as Zopfli writes it: the same format every client reads, about 3 % smaller than zlib's best (3.9 kB of the
 * 122.5 kB a first visit to /detail fetched on 2026-12-07), for a few seconds of build time. Clients that take
 * brotli get the .br files.
 */
const gz = async (source: Buffer): Promise<Buffer> => Buffer.from(await gzipAsync(source, { numiterations: 15 }));

/** Text formats worth compressing; images and fonts are compressed already. Source maps are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Write `x.br` and `x.gz` (best compression: brotli's top quality, Zopfli's gzip) beside one file; a variant that does not shrink it is not written. */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(source),
  ]);
  await Promise.all([
    br.length < source.length ? writeFile(`${file}.br`, br) : undefined,
    gzipped.length < source.length ? writeFile(`${file}.gz`, gzipped) : undefined,
  ]);
}

/**
 * After the bundle is written, compress every text asset of the output folder once, at build time, so the server
 * sends bytes from disk (`@fastify/static`'s `preCompressed`) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shotlib:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
