import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasChineseFont } from '../../seed/demo/fonts';
import { svgDocument, text } from '../../seed/svg';
import { OCR_TEXT_MAX, detectOcr, normaliseOcrText, ocrPasses, ocrWidth, parseTsv, screenShape, type OcrWord } from './ocr';

/**
 * OCR needs Debian's tesseract-ocr (and, to draw Chinese, a CJK font): .ci/run installs them, so in
 * CI their absence fails these tests; elsewhere they are skipped with the reason in their name.
 */
const ocr = await detectOcr({ mode: 'on' });
const needs = (present: boolean) => (present || process.env.CI ? it : it.skip);
const missing = (present: boolean, what: string) => (present ? '' : ` (needs ${what}: not installed here)`);
const hasTesseract = ocr.enabled;
const hasChinese = ocr.languages.includes('chi_sim') && hasChineseFont();

/** A 3× phone-sized picture (1170 px wide) of these lines, drawn like the demo's screens. */
async function picture(lines: readonly string[]): Promise<Buffer> {
  const body = lines.map((line, i) => text(24, 80 + i * 56, line, { size: 22, fill: '#1d2433', weight: i === 0 ? 'bold' : 'normal' })).join('');
  return sharp(Buffer.from(svgDocument(390, 844, `<rect width="390" height="844" fill="#f6f7fb"/>${body}`, '', { width: 1170, height: 2532 })))
    .png()
    .toBuffer();
}

describe('OCR of screenshots', () => {
  needs(hasTesseract)(`reads English words drawn on a screen${missing(hasTesseract, 'tesseract-ocr')}`, async () => {
    expect(ocr.enabled, ocr.status).toBe(true);
    const read = await ocr.read(await picture(['Quarterly invoices', 'Restore purchases', 'Start free trial']));
    expect(read.toLowerCase()).toContain('quarterly invoices');
    expect(read.toLowerCase()).toContain('restore purchases');
    expect(read.toLowerCase()).toContain('start free trial');
  }, 60_000);

  needs(hasChinese)(
    `reads Simplified Chinese when the item has Chinese names, as one run of characters${missing(hasChinese, 'tesseract-ocr-chi-sim and fonts-noto-cjk')}`,
    async () => {
      expect(ocr.languages, ocr.status).toContain('chi_sim');
      expect(hasChineseFont(), 'a CJK font (fonts-noto-cjk)').toBe(true);
      const image = await picture(['开始免费试用', '恢复购买记录', '年度会员 ¥68.00']);
      const read = await ocr.read(image, { simplified: true, traditional: false });
      expect(read).toContain('免费试用');
      expect(read).toContain('恢复购买');
      // Without Chinese names, the item's screens are read as English only (no Chinese pass).
      expect(await ocr.read(image)).not.toContain('免费试用');
    },
    60_000,
  );

  it('says why OCR is off when it is turned off or tesseract is missing', async () => {
    const off = await detectOcr({ mode: 'off' });
    expect(off.enabled).toBe(false);
    expect(off.status).toMatch(/^OCR off: OCR=off/);
    const absent = await detectOcr({ mode: 'on', binary: '/nonexistent/tesseract' });
    expect(absent.enabled).toBe(false);
    expect(absent.status).toMatch(/^OCR off: \/nonexistent\/tesseract was not found .*install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-chi-tra/);
    await expect(absent.read(Buffer.alloc(0))).rejects.toThrow(/off/);
  });

  needs(hasTesseract)(`names the languages it reads in the start line${missing(hasTesseract, 'tesseract-ocr')}`, () => {
    expect(ocr.status).toMatch(/^OCR on: tesseract reads eng/);
  });
});

describe('OCR text normalisation', () => {
  const word = (text: string, confidence = 90, line = '1.1.1'): OcrWord => ({ text, confidence, line });

  it('joins lines, drops stray symbols and unsure words, closes the gaps tesseract leaves between Chinese characters', () => {
    const words = [word('Start'), word('free'), word('trial'), word('«='), word('Q'), word('a', 90, '1.1.2'), word('42', 90, '1.1.2'), word('BESRAHAMAD', 20, '1.1.2'), word('开', 90, '1.2.1'), word('始', 90, '1.2.1'), word('免费', 90, '1.2.1'), word('试用', 90, '1.2.1'), word('¥68.00', 90, '1.2.1')];
    expect(normaliseOcrText(words)).toBe('Start free trial 42 开始免费试用 ¥68.00');
  });

  it('caps the text on a word boundary', () => {
    const long = normaliseOcrText(Array.from({ length: 2000 }, (_, i) => word(`word${i}`)));
    expect(long.length).toBeLessThanOrEqual(OCR_TEXT_MAX);
    expect(long.endsWith(' ')).toBe(false);
    expect(long.split(' ').every((token) => /^word\d+$/.test(token))).toBe(true);
  });

  it("reads tesseract's TSV words with their confidence and line", () => {
    const tsv = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n' + '4\t1\t1\t1\t1\t0\t0\t0\t9\t9\t-1\t\n' + '5\t1\t1\t1\t1\t1\t0\t0\t9\t9\t96.5\tHello\n' + '5\t1\t2\t1\t1\t1\t0\t0\t9\t9\t12\t \n';
    expect(parseTsv(tsv)).toEqual([{ text: 'Hello', confidence: 96.5, line: '1.1.1' }]);
  });

  it('reads 3× phone screenshots at 2×, 2× desktop ones at 1×, the rest as they are', () => {
    expect(ocrWidth(1170, 2532)).toBe(780);
    expect(ocrWidth(1440, 4500)).toBe(1440);
    expect(ocrWidth(2880, 1800)).toBe(1440);
    expect(ocrWidth(390, 844)).toBe(390);
    expect(ocrWidth(1280, 800)).toBe(1280);
  });

  it('reads phones and desktop screens with the page segmentation measured best for their script (decision 054)', () => {
    expect(screenShape(780, 1688)).toBe('phone');
    expect(screenShape(390, 844)).toBe('phone');
    expect(screenShape(1440, 4500)).toBe('desktop');
    expect(screenShape(1280, 800)).toBe('desktop');
    const all = ['eng', 'chi_sim', 'chi_tra'] as const;
    const none = { simplified: false, traditional: false };
    expect(ocrPasses('phone', none, all)).toEqual({ english: { langs: ['eng'], psm: 3 }, chinese: null });
    expect(ocrPasses('desktop', none, all)).toEqual({ english: { langs: ['eng'], psm: 6 }, chinese: null });
    expect(ocrPasses('phone', { simplified: true, traditional: false }, all).chinese).toEqual({ langs: ['eng', 'chi_sim', 'chi_tra'], psm: 6 });
    expect(ocrPasses('phone', { simplified: false, traditional: true }, ['eng', 'chi_tra']).chinese).toEqual({ langs: ['eng', 'chi_tra'], psm: 6 });
    expect(ocrPasses('desktop', { simplified: true, traditional: true }, all).chinese).toEqual({ langs: ['eng', 'chi_sim', 'chi_tra'], psm: 11 });
    // Chinese data not installed: English only.
    expect(ocrPasses('phone', { simplified: true, traditional: true }, ['eng']).chinese).toBeNull();
  });
});
