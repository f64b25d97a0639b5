CREATE TABLE "collect_flow" (
	"member_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collect_flow_member_id_flow_id_pk" PRIMARY KEY("member_id","flow_id")
);
--> statement-breakpoint
CREATE TABLE "flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"name_cn" text,
	"name_tw" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"key" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_step" (
	"flow_id" integer NOT NULL,
	"position" integer NOT NULL,
	"preview_id" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"caption_cn" text,
	"caption_tw" text,
	CONSTRAINT "flow_step_flow_id_position_pk" PRIMARY KEY("flow_id","position")
);
--> statement-breakpoint
DROP INDEX "item_news_idx";--> statement-breakpoint
DROP INDEX "item_hot_idx";--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "segment" smallint GENERATED ALWAYS AS (case when business then 2 when is_site then 1 else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "collect_flow" ADD CONSTRAINT "collect_flow_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_flow" ADD CONSTRAINT "collect_flow_flow_id_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step" ADD CONSTRAINT "flow_step_flow_id_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step" ADD CONSTRAINT "flow_step_preview_id_preview_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."preview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collect_flow_member_idx" ON "collect_flow" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_item_idx" ON "flow" USING btree ("item_id","sort","id");--> statement-breakpoint
CREATE INDEX "flow_news_idx" ON "flow" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_category_idx" ON "flow" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_item_key_idx" ON "flow" USING btree ("item_id","key");--> statement-breakpoint
CREATE INDEX "flow_step_preview_idx" ON "flow_step" USING btree ("preview_id");--> statement-breakpoint
CREATE INDEX "item_news_idx" ON "item" USING btree ("segment","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_hot_idx" ON "item" USING btree ("segment","hot_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Flows and the business flag are catalogue content: their writes notify like the rest (0007).
DROP TRIGGER IF EXISTS item_content_changed ON item;--> statement-breakpoint
CREATE TRIGGER item_content_changed AFTER UPDATE OF is_site, business, name, logo, briefing, site, rating, published_at, unpublished_at, name_cn, name_tw, briefing_cn, briefing_tw ON item FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER flow_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON flow FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER flow_step_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON flow_step FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
