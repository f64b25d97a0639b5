import { foldZh } from './zh-fold';

/**
 * Search terms (decision record 006). Items are matched by a case-insensitive substring of their
 * names and briefs in every language, held in `item.search_text` (trigram index, narrows terms of
 * three or more characters) and `item.search_grams` (the CJK characters and pairs, narrows
 * Chinese terms of one or two characters, which yield no trigram).
 */

/** The characters `cjk_grams` (migration 0002) counts as CJK: kana, Han (+ ext. A, compatibility), hangul. */
const CJK = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]$/u;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/**
 * The term as matched: whitespace runs (line breaks, tabs, control characters) become one space and
 * the ends are trimmed. Fields in `search_text` are separated by line breaks, so a normalised term
 * can never match across two fields. Traditional characters are folded to Simplified, as the
 * search columns are (`zh_fold`, decision 054), so either script finds both. Empty means "no search".
 */
export function normalizeTerm(raw: string | undefined): string {
  if (!raw) return '';
  // eslint-disable-next-line no-control-regex
  return foldZh(raw.replace(/[\s\u0000-\u001f\u007f]+/gu, ' ').trim());
}

/**
 * The grams every matching item must hold in `search_grams`: each adjacent pair of CJK characters
 * of the term, and a lone CJK character (one with no CJK neighbour) on its own. A text containing
 * the term contains all of them, so the GIN index `@>` narrows without losing a match.
 */
export function termGrams(term: string): string[] {
  const chars = [...term];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (!isCjk(chars[i]!)) continue;
    const next = chars[i + 1];
    const prev = chars[i - 1];
    if (next !== undefined && isCjk(next)) grams.add(chars[i]! + next);
    else if (prev === undefined || !isCjk(prev)) grams.add(chars[i]!);
  }
  return [...grams];
}

/** Escape LIKE wildcards so a search term matches literally (`100%` is not "100 then anything"). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
