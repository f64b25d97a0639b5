import { sql } from 'drizzle-orm';
import * as OpenCC from 'opencc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { normalizeTerm } from './search-term';
import { foldZh, ZH_FOLD_MAP } from './zh-fold';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('foldZh: Simplified and Traditional as one script (decision 054)', () => {
  it('folds Traditional, Taiwan and Hong Kong forms to Simplified and leaves the rest as it is', () => {
    expect(foldZh('運動鞋')).toBe('运动鞋');
    expect(foldZh('运动鞋')).toBe('运动鞋');
    expect(foldZh('繼續 訂單 賬號')).toBe('继续 订单 账号');
    // 帳號 (Taiwan), 賬號 (OCR of a Simplified screen), 帐号 and 账号 (both written in Simplified).
    for (const account of ['帳號', '賬號', '帐号', '账号']) expect(foldZh(account)).toBe('账号');
    expect(foldZh('裡面 裏面 里面')).toBe('里面 里面 里面');
    expect(foldZh('為什麼 爲什麼')).toBe('为什么 为什么');
    expect(foldZh('Login 登入 100% ✓')).toBe('Login 登入 100% ✓');
    // Simplified characters that are also regional variants stay as they are.
    expect(foldZh('台湾 才 么 群 峰')).toBe('台湾 才 么 群 峰');
  });

  it('agrees with OpenCC’s Traditional → Simplified converter on common words', () => {
    const tw = OpenCC.Converter({ from: 'tw', to: 'cn' });
    for (const word of ['繼續', '訂單', '運動鞋', '購物車', '設定', '登錄', '帳戶餘額', '優惠碼', '會員', '搜尋', '訊息', '購買記錄']) {
      expect(foldZh(word), word).toBe(tw(word).replaceAll('帐', '账'));
    }
  });

  it('is idempotent: folded text folds to itself', () => {
    const all = [...ZH_FOLD_MAP.keys()].join('');
    expect(foldZh(foldZh(all))).toBe(foldZh(all));
    for (const target of ZH_FOLD_MAP.values()) expect(ZH_FOLD_MAP.has(target), target).toBe(false);
  });

  it('is what search terms go through', () => {
    expect(normalizeTerm('  運動鞋 \n 帳號 ')).toBe('运动鞋 账号');
  });

  it('equals the database’s zh_fold (migration 0016) on every character of the map', async () => {
    const keys = [...ZH_FOLD_MAP.keys()].join('');
    const [row] = rows<{ folded: string; plain: string; empty: string; none: string | null }>(
      await t.db.execute(sql`select zh_fold(${keys}) as folded, zh_fold('Hello 42') as plain, zh_fold('') as empty, zh_fold(null) as none`),
    );
    expect(row!.folded).toBe(foldZh(keys));
    expect(row!.plain).toBe('Hello 42');
    expect(row!.empty).toBe('');
    expect(row!.none).toBeNull();
  });
});
