import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its functions compiled
 * eagerly, on the background thread that streams the script in, rather than each on the main thread when it is first
 * called. Other engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What of a built chunk the hints need (Rollup's and Rolldown's OutputChunk alike). */
export type HintChunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  map: { mappings: string } | null;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
};
type HintAsset = { type: 'asset'; fileName: string; source: string | Uint8Array };
export type HintBundle = Record<string, HintChunk | HintAsset | { type: string }>;

const isChunk = (output: HintBundle[string]): output is HintChunk => output.type === 'chunk';
const isAsset = (output: HintBundle[string]): output is HintAsset => output.type === 'asset';

/**
 * The chunks whose code runs as a page starts: the entry and the modules of `pages` (the pages whose first view the
 * server renders), with everything they import statically. Lazily loaded chunks (other pages, dialogs) are not.
 */
export function startChunks(bundle: HintBundle, pages: readonly string[]): HintChunk[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<HintChunk>();
  const queue = chunks.filter((chunk) => chunk.isEntry || pages.some((page) => chunk.facadeModuleId?.endsWith(`/${page}`)));
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) queue.push(imported);
    }
  }
  return [...seen];
}

/**
 * Start the chunks a page runs as it starts with COMPILE_HINT (docs/decisions/035, "Blocking time: compiled off the
 * main thread"). Measured on the list page: the app's first take-over task used about half the CPU it used when V8
 * compiled each function the first time it ran. The comment is a line of its own, so each chunk's source map gains
 * an empty first line.
 */
export function compileHints(pages: readonly string[]): Plugin {
  return {
    name: 'shotlib:compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own rewrites of the chunks (the preload helper's dependency lists), so nothing comes after it.
      order: 'post',
      handler(_options, bundle) {
        const outputs = bundle as unknown as HintBundle;
        for (const chunk of startChunks(outputs, pages)) {
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const asset = outputs[`${chunk.fileName}.map`];
          if (asset && isAsset(asset) && typeof asset.source === 'string') {
            const map = JSON.parse(asset.source) as { mappings: string };
            asset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
