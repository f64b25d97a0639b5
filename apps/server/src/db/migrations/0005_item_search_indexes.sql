DROP INDEX "item_search_grams_idx";--> statement-breakpoint
CREATE INDEX "item_search_names_trgm_idx" ON "item" USING gin ("search_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_search_grams_idx" ON "item" USING gin (cjk_grams(name || chr(10) || briefing || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '') || chr(10) || coalesce(briefing_cn, '') || chr(10) || coalesce(briefing_tw, '')));--> statement-breakpoint
ALTER TABLE "item" DROP COLUMN "search_grams";