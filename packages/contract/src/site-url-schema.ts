import { z } from 'zod';
import { isSiteUrl, SiteUrlMessage } from './site-url';

/**
 * An item's site as it comes in: trimmed, then a site URL (`isSiteUrl`) or the empty string
 * (no site). Kept as written (not normalised), so a re-import of the same text changes nothing.
 */
export const SiteUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isSiteUrl(value), { message: SiteUrlMessage });
