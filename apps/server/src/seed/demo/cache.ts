import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { GenerateSummary } from './generate';
import { GENERATOR_VERSION, generateDemo } from './generate';
import { hasChineseFont } from './fonts';

/**
 * The generated demo folder, kept under `root` (e.g. DATA_DIR/demo-cache) by generator version and
 * language set: the first start generates it once (minutes on two cores), later starts, reseeds and
 * test runs on the same machine reuse it. A folder is complete once it has its manifest.json; it
 * is written under a temporary name and renamed, so an interrupted run leaves nothing half-made.
 */
export async function ensureDemoFolder(
  root: string,
  options: { concurrency?: number; keys?: readonly string[]; log?: (message: string) => void } = {},
): Promise<{ folder: string; generated: GenerateSummary | null }> {
  const chinese = hasChineseFont();
  const folder = path.join(root, `v${GENERATOR_VERSION}-${chinese ? 'zh' : 'en'}`);
  if (existsSync(path.join(folder, 'manifest.json'))) return { folder, generated: null };
  const temporary = `${folder}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  const generated = await generateDemo({ out: temporary, chinese, ...options });
  await rm(folder, { recursive: true, force: true });
  await rename(temporary, folder);
  return { folder, generated };
}
