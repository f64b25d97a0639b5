import { execFileSync } from 'node:child_process';

/**
 * Whether fontconfig knows a font with Chinese glyphs (fonts-noto-cjk or any other). librsvg draws
 * text with the system's fonts: without one, Chinese would come out as empty boxes, so the
 * generator then draws the Chinese-market items in English (docs/decisions/042-realistic-demo.md).
 */
let cached: boolean | undefined;

export function hasChineseFont(): boolean {
  if (cached === undefined) {
    try {
      cached = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    } catch {
      cached = false;
    }
  }
  return cached;
}
