import { from as fromRegion, to as toRegion } from 'opencc-js/preset/t2cn';
import type { DictLike } from 'opencc-js/core';

/**
 * Simplified ↔ Traditional folding of search text (decision 054): every searchable text and every
 * search term go through ONE character map to Simplified, so 運動鞋 and 运动鞋, 訂單 and 订单, 帳號,
 * 賬號 and 账号 are one term. Display text is never folded; only the search columns and the term.
 *
 * The map is OpenCC's (opencc-js), character by character: a Taiwan or Hong Kong variant to
 * OpenCC's Traditional (TWVariantsRev, HKVariantsRev: 裡 → 裏, 為 → 爲, 綫 → 線), then Traditional to
 * Simplified (TSCharacters: 裏 → 里, 爲 → 为, 線 → 线), plus 帐 → 账 (帳號, 帐号 and 账号 are all
 * written for "account"). Phrases are not used: a search needs the same answer for a character
 * wherever it stands, and the database applies the map in SQL (`zh_fold`, migration 0016), which
 * must equal this one (a test compares every character). Changing the map means a migration.
 */

/** Variants OpenCC keeps apart that readers use for the same word; applied after OpenCC's map. */
const EXTRA: Readonly<Record<string, string>> = { 帐: '账' };

function entries(dict: DictLike): [string, string][] {
  if (typeof dict !== 'string') return dict.map(([k, v]) => [k, v]);
  return dict.split('|').flatMap((entry) => {
    const [k, v] = entry.split(' ');
    return k && v ? [[k, v] as [string, string]] : [];
  });
}

/** One character (a single UTF-16 unit: the Basic Multilingual Plane, where cjk_grams looks). */
const isChar = (s: string): boolean => s.length === 1;

function dictOf(groups: readonly (readonly DictLike[])[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const group of groups) for (const dict of group) for (const [k, v] of entries(dict)) if (isChar(k) && !map.has(k)) map.set(k, v.split(/\s+/)[0]!);
  return map;
}

function buildMap(): Map<string, string> {
  const variants = new Map([...dictOf(fromRegion.hk ?? []), ...dictOf(fromRegion.tw ?? [])]);
  const toSimplified = dictOf(toRegion.cn ?? []);
  const simplified = new Set(toSimplified.values());
  // A character that is Simplified already (台, 才, 么) is never taken for a regional variant.
  const step = (c: string): string => {
    const traditional = simplified.has(c) ? c : (variants.get(c) ?? c);
    const s = toSimplified.get(traditional) ?? traditional;
    return EXTRA[s] ?? s;
  };
  const map = new Map<string, string>();
  for (const c of new Set([...variants.keys(), ...toSimplified.keys(), ...Object.keys(EXTRA)])) {
    if (!isChar(c)) continue;
    // Follow the map to its end, so folding folded text changes nothing.
    let s = step(c);
    for (let i = 0; i < 4 && step(s) !== s; i++) s = step(s);
    if (s !== c && isChar(s)) map.set(c, s);
  }
  return map;
}

/** Every character the fold changes, with what it becomes. */
export const ZH_FOLD_MAP: ReadonlyMap<string, string> = buildMap();

/** Text with every Traditional or variant character replaced by its Simplified form; the rest as it is. */
export function foldZh(text: string): string {
  let out = '';
  for (const ch of text) out += ZH_FOLD_MAP.get(ch) ?? ch;
  return out;
}

/**
 * The body of the SQL function `zh_fold(text)` (migration 0016) for this map: a JSON object looked
 * up per character (translate() with a 3,000-character map scans it for every character: 4.7 ms for
 * a 240-character text on PostgreSQL 15, 27 times the lookup's 0.18 ms). Text without a CJK
 * character is returned as it is.
 */
export function zhFoldFunctionSql(): string {
  const json = JSON.stringify(Object.fromEntries(ZH_FOLD_MAP)).replaceAll("'", "''");
  return `CREATE OR REPLACE FUNCTION zh_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN input !~ '[\\u3400-\\u9fff\\uf900-\\ufaff]' THEN input ELSE (
    SELECT string_agg(coalesce('${json}'::jsonb ->> c, c), '' ORDER BY n)
    FROM string_to_table(input, NULL) WITH ORDINALITY AS chars(c, n)
  ) END
$$;`;
}
