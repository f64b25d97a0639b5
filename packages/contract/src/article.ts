import { z } from 'zod';
import { listSchema } from './envelope';
import { LOCALES } from './constants';

export const ArticleListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Relative image path; empty when the article has none. */
  preview: z.string(),
});
export type ArticleListItem = z.infer<typeof ArticleListItemSchema>;
export const ArticleListSchema = listSchema(ArticleListItemSchema);

export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  updateTime: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Callers say which language they read; enUS is the fallback. */
export const LangQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
