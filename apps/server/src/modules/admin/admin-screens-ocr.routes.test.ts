import type { AdminScreen, ScreenUploadResult } from '@shotlib/contract/ingest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { job } from '../../db/schema';
import { svgDocument, text } from '../../seed/svg';
import { adminUrl, useTestApp } from '../../test/helpers';
import { call, multipart } from '../../test/test-app';
import { OCR_JOB, OCR_PRIORITY, detectOcr } from '../ingest/ingest.service';

/**
 * A console upload's text is read by the OCR queue (before the import backlog) and shown with the
 * screen. Needs tesseract: in CI its absence fails the test; elsewhere it is skipped, saying so.
 */
const ocr = await detectOcr({ mode: 'on' });
const t = useTestApp({ services: { ocr } });

describe('admin screens: OCR', () => {
  (ocr.enabled || process.env.CI ? it : it.skip)(`reads an uploaded screen's text into the console's screen list${ocr.enabled ? '' : ' (needs tesseract-ocr: not installed here)'}`, async () => {
    expect(ocr.enabled, ocr.status).toBe(true);
    const created = await call<{ id: number }>(t.app, { method: 'POST', url: adminUrl('/items'), payload: { name: 'Read Me', platform: false }, token: t.fixtures.tokens.admin });
    const itemId = created.body.data.id;
    const body = `<rect width="390" height="844" fill="#ffffff"/>${text(24, 140, 'Weekly digest', { size: 28, weight: 'bold', fill: '#1d2433' })}`;
    const file = await sharp(Buffer.from(svgDocument(390, 844, body, '', { width: 1170, height: 2532 }))).png().toBuffer();
    const upload = await call<ScreenUploadResult>(t.app, {
      method: 'POST',
      url: adminUrl(`/items/${itemId}/screens`),
      ...(await multipart({ file: { data: file, name: 'shot.png', type: 'image/png' } })),
      token: t.fixtures.tokens.admin,
    });
    expect(upload.body.data.screen.text).toBeNull();
    expect(await t.services.reader.pending()).toBe(1);
    // Queued ahead of any import backlog.
    expect(await t.db.select({ priority: job.priority }).from(job).where(eq(job.kind, OCR_JOB))).toEqual([{ priority: OCR_PRIORITY.upload }]);
    // The processing queue leaves it to the OCR queue.
    expect(await t.services.jobs.runUntilIdle()).toBe(1);
    expect(await t.services.reader.runUntilIdle()).toBe(1);
    const list = await call<AdminScreen[]>(t.app, { method: 'GET', url: adminUrl(`/items/${itemId}/screens`), token: t.fixtures.tokens.admin });
    expect(list.body.data.map((screen) => screen.text)).toEqual(['Weekly digest']);
  }, 60_000);
});
