-- Search of Chinese terms (decision record 006): the CJK characters and character pairs of a
-- text, for a GIN index that finds one- and two-character terms (they yield no trigram).
-- Han (with extension A and compatibility ideographs), kana and hangul count as CJK.
CREATE OR REPLACE FUNCTION cjk_grams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT gram ORDER BY gram), '{}'::text[])
  FROM (
    SELECT substr(input, i, 1) AS gram FROM generate_series(1, char_length(input)) AS i
    UNION ALL
    SELECT substr(input, i, 2) FROM generate_series(1, char_length(input) - 1) AS i
  ) AS grams
  WHERE gram ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+$'
$$;--> statement-breakpoint
DROP INDEX "item_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "name_cn" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "name_tw" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "briefing_cn" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "briefing_tw" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(10) || briefing || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '') || chr(10) || coalesce(briefing_cn, '') || chr(10) || coalesce(briefing_tw, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (cjk_grams(name || chr(10) || briefing || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '') || chr(10) || coalesce(briefing_cn, '') || chr(10) || coalesce(briefing_tw, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "item_search_trgm_idx" ON "item" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_search_grams_idx" ON "item" USING gin ("search_grams");--> statement-breakpoint
-- hot_score becomes log2 of the activity weighted by 2^((day - 2023-01-01) / 7) (decision record
-- 005; modules/catalog/hot-score.ts holds the live formula): recompute it for existing items.
UPDATE "item" SET "hot_score" = coalesce((
  SELECT max(g.m) + ln(sum(g.w * power(2.0::float8, g.e - g.m))) / ln(2.0::float8)
  FROM (
    SELECT (a.views + 5 * a.collects)::float8 AS w,
           ((a.day - date '2023-01-01') / 7.0::float8) AS e,
           max((a.day - date '2023-01-01') / 7.0::float8) OVER () AS m
    FROM "item_activity" AS a
    WHERE a.item_id = "item"."id" AND a.views + 5 * a.collects > 0
  ) AS g
), 0)::float8;
