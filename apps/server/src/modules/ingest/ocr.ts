import { execFile } from 'node:child_process';
import { SCREEN_MAX_PIXELS } from '@shotlib/contract/ingest';
import { imageOf, type DecodedImage } from '../media/media.service';

/**
 * Reading the text inside screenshots (issue 14, docs/decisions/047): Debian's tesseract-ocr with
 * its English, Simplified and Traditional Chinese data, run as a child process (no shell) at the
 * lowest CPU priority on one thread, so that the backlog of a whole catalogue never takes a core
 * from requests. The text is found by search (substrings, Latin and CJK); it is normalised for that:
 * one line, no spaces between Chinese characters, no stray symbols, capped.
 */

/** The languages read: English always, Chinese when the item has Chinese names (see `languagesFor`). */
export const OCR_LANGUAGES = ['eng', 'chi_sim', 'chi_tra'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Debian's package of each language's data, for the start log's advice. */
const PACKAGE: Record<OcrLanguage, string> = { eng: 'tesseract-ocr-eng', chi_sim: 'tesseract-ocr-chi-sim', chi_tra: 'tesseract-ocr-chi-tra' };

/** What an item tells about the script of its screens: its names or briefs in Simplified or Traditional Chinese. */
export type OcrHints = { simplified: boolean; traditional: boolean };

/** The stored text is cut here (a dense page reads as about 2,000 characters). */
export const OCR_TEXT_MAX = 4000;
/**
 * A reading that takes longer is given up (the job retries). Generous: at nice 19 on a busy machine
 * a tall page's 3 s of CPU can take a minute of wall time; this only ends a hung process.
 */
export const OCR_TIMEOUT_MS = 300_000;
/** Words tesseract is less sure of than this (0–100) are dropped: icons read as letters, mostly. */
const MIN_WORD_CONFIDENCE = 40;
/**
 * Under this mean confidence of its Latin words, an English reading is of a screen in another
 * script (measured on the demo: Chinese screens read as English score 33–44, English ones 83–91).
 */
const LATIN_CONFIDENT = 65;

export type Ocr = {
  /** Whether screens are read: tesseract answered and has English data, and OCR is not turned off. */
  readonly enabled: boolean;
  /** The start log's line: "OCR on: …" or "OCR off: …" with the reason and what to install. */
  readonly status: string;
  /** The languages installed (of OCR_LANGUAGES). */
  readonly languages: readonly OcrLanguage[];
  /** The normalised text of a screenshot ('' when it has none). Throws when tesseract fails or times out. */
  read(image: Buffer | DecodedImage, hints?: OcrHints): Promise<string>;
};

export type OcrOptions = {
  /** 'off' turns OCR off (the OCR env variable). */
  mode: 'on' | 'off';
  /** The tesseract executable (default: `tesseract` on the PATH). */
  binary?: string;
  timeoutMs?: number;
};

type Run = (file: string, args: readonly string[], options: { input?: Buffer; timeoutMs: number }) => Promise<string>;

/** A child process without a shell; its stdin is `input`, its stdout the result. */
const run: Run = (file, args, options) =>
  new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${file} ${args.join(' ')}: ${err.killed ? `no answer in ${options.timeoutMs} ms` : (stderr || err.message).trim().slice(0, 500)}`));
        else resolve(stdout);
      },
    );
    // A child that died early closes its stdin: the write's error is the exit's, reported above.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  });

/** Find tesseract and its languages (once, at start). Never throws: a missing binary is "OCR off". */
export async function detectOcr(options: OcrOptions): Promise<Ocr> {
  const binary = options.binary ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? OCR_TIMEOUT_MS;
  const off = (reason: string): Ocr => ({
    enabled: false,
    status: `OCR off: ${reason}; screens are ingested without their text (search finds them by type, element and category)`,
    languages: [],
    read: () => Promise.reject(new Error('OCR is off')),
  });
  if (options.mode === 'off') return off('OCR=off');
  let listed: string;
  try {
    listed = await run(binary, ['--list-langs'], { timeoutMs: 10_000 });
  } catch {
    return off(`${binary} was not found or does not run (install tesseract-ocr ${OCR_LANGUAGES.map((l) => PACKAGE[l]).join(' ')})`);
  }
  const installed = new Set(listed.split('\n').map((line) => line.trim()));
  const languages = OCR_LANGUAGES.filter((language) => installed.has(language));
  if (!languages.includes('eng')) return off(`${binary} has no English data (install ${PACKAGE.eng})`);
  const missing = OCR_LANGUAGES.filter((language) => !languages.includes(language));
  // nice(1) lowers the reader's priority; without it (not Debian?) it runs at the server's.
  const niced = await run('nice', ['-n', '19', binary, '--version'], { timeoutMs: 10_000 }).then(
    () => true,
    () => false,
  );
  const status =
    `OCR on: ${binary} reads ${languages.join(', ')}${niced ? ' at nice 19' : ''}` +
    (missing.length > 0 ? `; ${missing.join(', ')} missing, so that text is not read (install ${missing.map((l) => PACKAGE[l]).join(' ')})` : '');
  const tesseract = (png: Buffer, pass: OcrPass) => {
    const args = tesseractArgs(pass.langs, pass.psm);
    return run(niced ? 'nice' : binary, niced ? ['-n', '19', binary, ...args] : args, { input: png, timeoutMs }).then(parseTsv);
  };
  return {
    enabled: true,
    status,
    languages,
    async read(image, hints = { simplified: false, traditional: false }) {
      const png = await ocrImage(image);
      const { width, height } = await sharpSize(png);
      const passes = ocrPasses(screenShape(width, height), hints, languages);
      const english = await tesseract(png, passes.english);
      // Chinese is read only when the English reading looks like another script: a second pass
      // with Chinese data costs two to four times as long (docs/decisions/047).
      if (!passes.chinese || latinConfidence(english) >= LATIN_CONFIDENT) return normaliseOcrText(english);
      return normaliseOcrText(await tesseract(png, passes.chinese));
    },
  };
}

/** The size of the picture read. */
async function sharpSize(png: Buffer): Promise<{ width: number; height: number }> {
  const meta = await imageOf(png, { limitInputPixels: SCREEN_MAX_PIXELS }).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** A phone screen (portrait, narrow) or a desktop one (a website page, a web app), by the picture read. */
export type ScreenShape = 'phone' | 'desktop';

/** The shape of a picture of `width`×`height` as ocrImage makes it (phones at 390–860 px wide). */
export function screenShape(width: number, height: number): ScreenShape {
  return width < 1000 && height > width ? 'phone' : 'desktop';
}

/** One tesseract run: languages in this order, a page segmentation mode. */
export type OcrPass = { langs: OcrLanguage[]; psm: number };

/**
 * The runs of a screen (decision 054, measured on demo screens by scripts/ocr-quality.ts): English
 * first (phones: automatic page segmentation, 3; desktop pages: one block, 6, 57 % of the characters
 * against 54 % at 3), then, when the item has Chinese texts and the English reading's Latin words are
 * unsure, English with both Chinese data sets (chi_tra adds to Simplified screens once folded, 88.8 %
 * against 84.1 % with chi_sim alone; chi_sim alone reads Traditional screens at 46 %): phones as one
 * uniform block (6: Traditional 88.8 % against 76.5 % at 3, Simplified the same), desktop pages as
 * sparse text (11: scattered labels, 60 % against 53 % at 3).
 */
export function ocrPasses(shape: ScreenShape, hints: OcrHints, installed: readonly OcrLanguage[]): { english: OcrPass; chinese: OcrPass | null } {
  const english: OcrPass = { langs: ['eng'], psm: shape === 'phone' ? 3 : 6 };
  const langs = languagesFor(hints, installed);
  if (langs.length === 1) return { english, chinese: null };
  return { english, chinese: { langs, psm: shape === 'phone' ? 6 : 11 } };
}

/** tesseract's arguments: the PNG on stdin, TSV on stdout, these languages in this order, this page segmentation mode. */
export function tesseractArgs(langs: readonly OcrLanguage[], psm: number): string[] {
  return ['stdin', 'stdout', '-l', langs.join('+'), '--psm', String(psm), 'tsv'];
}

/**
 * English, plus the Chinese data installed when the item has names or briefs in Chinese: both sets
 * whichever script the item uses, since search folds the scripts and each set reads some characters
 * the other misses (decision 054; 047 chose by script).
 */
export function languagesFor(hints: OcrHints, installed: readonly OcrLanguage[]): OcrLanguage[] {
  const wanted: OcrLanguage[] = hints.simplified || hints.traditional ? ['eng', 'chi_sim', 'chi_tra'] : ['eng'];
  return wanted.filter((language) => installed.includes(language));
}

/**
 * The picture tesseract reads: greyscale PNG (a third of RGB's bytes to pass, no colour to confuse
 * the binarisation) at a width where the text is legible and no larger: a 3× phone screenshot
 * (1170 px wide) is read at 2× (780 px: the same words found as at 3×, half the time; at 1.5× Chinese
 * loses 6 points), a 2× desktop one (≥ 2400 px) at 1×; others as they are (desktop pages at 1×
 * lose a third of their words at 1000 px). Measured on the demo (docs/decisions/047).
 */
export async function ocrImage(image: Buffer | DecodedImage): Promise<Buffer> {
  const pipeline = imageOf(image, { limitInputPixels: SCREEN_MAX_PIXELS });
  const { width, height } = Buffer.isBuffer(image) ? orientedSize(await pipeline.clone().metadata()) : image.raw;
  return pipeline
    .greyscale()
    .resize({ width: ocrWidth(width, height), withoutEnlargement: true })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/** Width and height as displayed (EXIF orientations 5–8 swap them). */
const orientedSize = (meta: { width?: number; height?: number; orientation?: number }) =>
  (meta.orientation ?? 1) >= 5 ? { width: meta.height ?? 0, height: meta.width ?? 0 } : { width: meta.width ?? 0, height: meta.height ?? 0 };

/** The width a screenshot of `width`×`height` is read at (see `ocrImage`). */
export function ocrWidth(width: number, height: number): number {
  if (width >= 2400) return Math.round(width / 2);
  if (width >= 1000 && width <= 1300 && height >= width * 1.6) return Math.round((width * 2) / 3);
  return width;
}

export type OcrWord = { text: string; confidence: number; line: string };

/** tesseract's TSV: one row per word (level 5) with its confidence and the block/paragraph/line it is on. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (text) words.push({ text, confidence: Number(cells[10]), line: `${cells[2]}.${cells[3]}.${cells[4]}` });
  }
  return words;
}

/** The mean confidence of the words with Latin letters (0 when there are none). */
export function latinConfidence(words: readonly OcrWord[]): number {
  const latin = words.filter((word) => /[A-Za-z]/.test(word.text));
  return latin.length === 0 ? 0 : latin.reduce((sum, word) => sum + word.confidence, 0) / latin.length;
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\u3000-\u303f\uff00-\uffef';
const BETWEEN_CJK = new RegExp(`(?<=[${CJK}]) +(?=[${CJK}])`, 'gu');
/** A token of one or two letters or symbols, no digit and no CJK: an icon or a border read as text. */
const GARBAGE = new RegExp(`^(?=.{1,2}$)[^\\p{N}${CJK}]+$|^[^\\p{L}\\p{N}${CJK}]+$`, 'u');

/**
 * The words of a reading as one searchable line: unsure words and stray symbols dropped, lines
 * joined with a space, whitespace collapsed, no space left between two CJK characters (tesseract
 * spaces them out; a search for 免费试用 must find them), cut at OCR_TEXT_MAX on a word boundary.
 */
export function normaliseOcrText(words: readonly OcrWord[]): string {
  const lines = new Map<string, string[]>();
  for (const word of words) {
    if (word.confidence < MIN_WORD_CONFIDENCE) continue;
    const tokens = word.text.split(/\s+/).filter((token) => token && !GARBAGE.test(token));
    if (tokens.length > 0) lines.set(word.line, [...(lines.get(word.line) ?? []), ...tokens]);
  }
  const text = [...lines.values()]
    .map((tokens) => tokens.join(' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(BETWEEN_CJK, '')
    .trim();
  if (text.length <= OCR_TEXT_MAX) return text;
  const cut = text.slice(0, OCR_TEXT_MAX);
  const space = cut.lastIndexOf(' ');
  return space > OCR_TEXT_MAX * 0.9 ? cut.slice(0, space) : cut;
}
