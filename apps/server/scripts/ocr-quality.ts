/**
 * How well tesseract reads the demo's screens, per script, screen kind, language order and page
 * segmentation mode (decision 054). Draws demo screens whose text the generator knows (English,
 * Simplified Chinese, and the Simplified screens converted to Traditional with OpenCC and drawn
 * in the Traditional font), reads each as the `screen.ocr` job prepares it (ocrImage: greyscale,
 * the job's width) with each candidate, and prints character recall (the drawn characters found
 * in the text, as a multiset: CJK characters for Chinese, letters and digits for English; both
 * folded to Simplified and lower-cased, as search sees them), the recall of the distinct words
 * (Latin ≥ 4 letters) or CJK character pairs as decision 047 measured it, and seconds a screen.
 *
 *   node_modules/.bin/tsx apps/server/scripts/ocr-quality.ts            # 6 screens a case
 *   OCR_SAMPLE=30 OCR_CASES=phone-zh-Hans node_modules/.bin/tsx apps/server/scripts/ocr-quality.ts
 *
 * Runs tesseract at nice 19 on one thread, two at a time; about five minutes on two cores.
 */
import { execFile } from 'node:child_process';
import sharp from 'sharp';
import * as OpenCC from 'opencc-js';
import { latinConfidence, normaliseOcrText, ocrImage, ocrPasses, OCR_LANGUAGES, parseTsv, tesseractArgs, type OcrLanguage, type OcrPass } from '../src/modules/ingest/ocr';
import { foldZh } from '../src/modules/catalog/zh-fold';
import { drawScreen } from '../src/seed/demo/generate';
import { planDemo, type DemoItem, type DemoScreen } from '../src/seed/demo/plan';

type Script = 'en' | 'zh-Hans' | 'zh-Hant';
type Kind = 'phone' | 'desktop';
type Candidate = { langs: OcrLanguage[]; psm: number };
type Sample = { name: string; png: Buffer; truth: string };

const SAMPLE = Number(process.env.OCR_SAMPLE ?? 6);
const ONLY = process.env.OCR_CASES?.split(',');
/** More candidates for every case, as `langs:psm` (`eng+chi_sim+chi_tra:6,chi_sim+eng:4`). */
const EXTRA: Candidate[] = (process.env.OCR_EXTRA ?? '')
  .split(',')
  .filter(Boolean)
  .map((spec) => ({ langs: spec.split(':')[0]!.split('+') as OcrLanguage[], psm: Number(spec.split(':')[1] ?? 3) }));
const PSMS = [3, 4, 6, 11];
/** Desktop pages are cut to this height (px at 1×): the same text density, a third of the time. */
const DESKTOP_MAX_HEIGHT = 1800;
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

/** The language orders tried per script, the current second pass (047) first. */
const ORDERS: Record<Script, OcrLanguage[][]> = {
  en: [['eng'], ['eng', 'chi_sim'], ['eng', 'chi_sim', 'chi_tra']],
  'zh-Hans': [['eng', 'chi_sim', 'chi_tra'], ['eng', 'chi_sim'], ['chi_sim', 'eng'], ['chi_sim', 'chi_tra', 'eng'], ['chi_sim']],
  'zh-Hant': [['eng', 'chi_sim', 'chi_tra'], ['eng', 'chi_tra'], ['chi_tra', 'eng'], ['chi_sim', 'eng'], ['chi_tra', 'chi_sim', 'eng']],
};

const tesseract = (png: Buffer, c: Candidate): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = execFile('nice', ['-n', '19', 'tesseract', ...tesseractArgs(c.langs, c.psm)], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 16 << 20 }, (err, out) =>
      err ? reject(err) : resolve(out),
    );
    child.stdin?.end(png);
  });

/** The text an SVG draws: every <text> element's content, entities decoded. */
function drawnText(svg: string): string {
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&');
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, ''))).join('\n');
}

/** The Simplified screen in Traditional: its text converted, the Traditional font first. */
const traditionalSvg = (svg: string) =>
  svg.replace(/(<text\b[^>]*>)([\s\S]*?)(<\/text>)/g, (_, open: string, body: string, close: string) => open + toTraditional(body) + close).replaceAll('Noto Sans CJK SC', 'Noto Sans CJK TC');

const isHan = (ch: string) => /\p{Script=Han}/u.test(ch);
const counted = (chars: string[]) => chars.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map<string, number>());

/** Character recall (multiset) and distinct unit recall (CJK pairs or Latin words of 4+ letters). */
function score(script: Script, truth: string, read: string): { chars: [number, number]; units: [number, number] } {
  const t = foldZh(truth.toLowerCase());
  const r = foldZh(read.toLowerCase());
  const pick = script === 'en' ? (c: string) => /[a-z0-9]/.test(c) : isHan;
  const want = counted([...t].filter(pick));
  const got = counted([...r].filter(pick));
  let found = 0;
  let total = 0;
  for (const [c, n] of want) {
    total += n;
    found += Math.min(n, got.get(c) ?? 0);
  }
  const units =
    script === 'en'
      ? new Set(t.match(/[a-z]{4,}/g) ?? [])
      : new Set([...t.matchAll(/\p{Script=Han}{2,}/gu)].flatMap((m) => [...m[0]].slice(1).map((c, i) => m[0][i]! + c)));
  const compact = r.replace(/\s+/g, '');
  const foundUnits = [...units].filter((u) => (script === 'en' ? r.includes(u) : compact.includes(u))).length;
  return { chars: [found, total], units: [foundUnits, units.size] };
}

async function png(svg: string, kind: Kind): Promise<Buffer> {
  const raster = sharp(Buffer.from(svg), { limitInputPixels: false });
  const meta = await raster.metadata();
  const cut = kind === 'desktop' && (meta.height ?? 0) > DESKTOP_MAX_HEIGHT ? raster.extract({ left: 0, top: 0, width: meta.width!, height: DESKTOP_MAX_HEIGHT }) : raster;
  return ocrImage(await cut.png({ compressionLevel: 1 }).toBuffer());
}

/** Every SAMPLEth-spread screen of the items of a kind and script, drawn. */
async function samples(items: DemoItem[], kind: Kind, script: Script): Promise<Sample[]> {
  const phone = (i: DemoItem) => i.kind === 'app' || i.kind === 'business-app';
  const mine = items.filter((i) => phone(i) === (kind === 'phone') && (script === 'en' ? i.lang === 'en' : i.lang === 'zh'));
  const all: { item: DemoItem; screen: DemoScreen }[] = [];
  // Round-robin over the items, so a small sample spans many apps and screen kinds.
  for (let n = 0; all.length < mine.reduce((s, i) => s + i.screens.length, 0); n++) for (const item of mine) if (item.screens[n]) all.push({ item, screen: item.screens[n]! });
  const step = Math.max(1, Math.floor(all.length / SAMPLE));
  const chosen = all.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  return Promise.all(
    chosen.map(async ({ item, screen }) => {
      const svg = drawScreen(item, screen);
      const drawn = script === 'zh-Hant' ? traditionalSvg(svg) : svg;
      return { name: `${item.key}/${screen.kind}-${screen.variant}`, png: await png(drawn, kind), truth: drawnText(drawn) };
    }),
  );
}

async function pool<T, R>(inputs: T[], width: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(inputs.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < inputs.length) {
      const i = next++;
      out[i] = await work(inputs[i]!);
    }
  }));
  return out;
}

type Result = { label: string; chars: number; units: number; seconds: number };

type Memo = Map<string, { tsv: string; seconds: number }>;

/** A screen read with a candidate, once: its TSV and the seconds it took. */
async function read(s: Sample, c: Candidate, memo: Memo): Promise<{ tsv: string; seconds: number }> {
  const key = `${s.name}|${c.langs.join('+')}|${c.psm}`;
  const known = memo.get(key);
  if (known) return known;
  const started = performance.now();
  const tsv = await tesseract(s.png, c);
  const result = { tsv, seconds: (performance.now() - started) / 1000 };
  memo.set(key, result);
  return result;
}

async function measure(script: Script, list: Sample[], c: Candidate, memo: Memo): Promise<Result> {
  let chars: [number, number] = [0, 0];
  let units: [number, number] = [0, 0];
  let seconds = 0;
  await pool(list, 2, async (s) => {
    const { tsv, seconds: took } = await read(s, c, memo);
    seconds += took;
    const r = score(script, s.truth, normaliseOcrText(parseTsv(tsv)));
    chars = [chars[0] + r.chars[0], chars[1] + r.chars[1]];
    units = [units[0] + r.units[0], units[1] + r.units[1]];
  });
  return { label: `${c.langs.join('+')} psm ${c.psm}`, chars: chars[0] / Math.max(1, chars[1]), units: units[0] / Math.max(1, units[1]), seconds: seconds / list.length };
}

/**
 * A reader of two passes as `screen.ocr` runs them: English, then (Latin confidence under 65) the
 * Chinese pass. before: decision 047's (psm 3 both, all three languages for the demo's items, which
 * have Simplified and Traditional names); after: ocrPasses for the same items.
 */
async function twoPasses(label: string, script: Script, list: Sample[], memo: Memo, passes: { english: OcrPass; chinese: OcrPass | null }): Promise<Result> {
  let chars: [number, number] = [0, 0];
  let units: [number, number] = [0, 0];
  let seconds = 0;
  for (const s of list) {
    const english = await read(s, passes.english, memo);
    let { tsv } = english;
    seconds += english.seconds;
    if (passes.chinese && latinConfidence(parseTsv(tsv)) < 65) {
      const chinese = await read(s, passes.chinese, memo);
      tsv = chinese.tsv;
      seconds += chinese.seconds;
    }
    const r = score(script, s.truth, normaliseOcrText(parseTsv(tsv)));
    chars = [chars[0] + r.chars[0], chars[1] + r.chars[1]];
    units = [units[0] + r.units[0], units[1] + r.units[1]];
  }
  return { label, chars: chars[0] / chars[1], units: units[0] / units[1], seconds: seconds / list.length };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const line = (r: Result) => `  ${r.label.padEnd(52)} chars ${pct(r.chars).padStart(7)}  ${'words/pairs'} ${pct(r.units).padStart(7)}  ${r.seconds.toFixed(2)} s`;

async function main() {
  const items = planDemo({ chinese: true });
  const started = performance.now();
  for (const kind of ['phone', 'desktop'] as Kind[]) {
    for (const script of ['en', 'zh-Hans', 'zh-Hant'] as Script[]) {
      const name = `${kind}-${script}`;
      if (ONLY && !ONLY.includes(name)) continue;
      const list = await samples(items, kind, script);
      const memo: Memo = new Map();
      console.log(`${name}: ${list.length} screens (${list.map((s) => s.name).join(', ')})`);
      const hints = { simplified: true, traditional: true };
      console.log(line(await twoPasses('before (047: eng, then eng+chi_sim+chi_tra; psm 3)', script, list, memo, { english: { langs: ['eng'], psm: 3 }, chinese: { langs: ['eng', 'chi_sim', 'chi_tra'], psm: 3 } })));
      const after = ocrPasses(kind, hints, OCR_LANGUAGES);
      console.log(line(await twoPasses(`after (ocrPasses: psm ${after.english.psm}, then ${after.chinese!.langs.join('+')} psm ${after.chinese!.psm})`, script, list, memo, after)));
      // Page segmentation first, with the first order; then every order at the best mode.
      const base = ORDERS[script][script === 'en' ? 0 : 1]!;
      const byPsm: Result[] = [];
      for (const psm of PSMS) byPsm.push(await measure(script, list, { langs: base, psm }, memo));
      byPsm.forEach((r) => console.log(line(r)));
      const best = PSMS[byPsm.indexOf(byPsm.reduce((a, b) => (b.chars > a.chars ? b : a)))]!;
      for (const langs of ORDERS[script].filter((o) => o !== base)) console.log(line(await measure(script, list, { langs, psm: best }, memo)));
      for (const candidate of EXTRA) console.log(line(await measure(script, list, candidate, memo)));
    }
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
