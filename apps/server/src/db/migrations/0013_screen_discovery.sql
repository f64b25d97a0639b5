-- Screen-level discovery (issue 14, docs/decisions/047-screen-discovery.md).
-- The colour filter's swatches of a screen's dominant colours: each #rrggbb goes to the nearest
-- COLOR_SWATCHES key of the contract (screens.ts) by its hue, lightness and saturation (HSL): black,
-- white and grey by lightness and saturation first, brown for dark or muted oranges and reds, then
-- twelve hue ranges. The one classification of a colour: preview.swatches is generated from it, and
-- the filter only compares keys. Malformed entries are skipped.
CREATE OR REPLACE FUNCTION color_swatches(colors text[]) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- PL/pgSQL, not SQL: a SQL function of this shape is planned again at every call (≈ 2.6 ms a row
-- when a seed writes 400,000 screens); PL/pgSQL keeps its expressions' plans for the session.
DECLARE
  hex text;
  r float8; g float8; b float8;
  mx float8; c float8; l float8; s float8; h float8;
  swatch text;
  found text[] := '{}';
BEGIN
  FOREACH hex IN ARRAY colors LOOP
    CONTINUE WHEN hex IS NULL OR hex !~* '^#[0-9a-f]{6}$';
    r := ('x' || substr(hex, 2, 2))::bit(8)::int / 255.0;
    g := ('x' || substr(hex, 4, 2))::bit(8)::int / 255.0;
    b := ('x' || substr(hex, 6, 2))::bit(8)::int / 255.0;
    mx := greatest(r, g, b);
    c := mx - least(r, g, b);
    l := (mx + least(r, g, b)) / 2;
    s := CASE WHEN c = 0 THEN 0 ELSE c / (1 - abs(2 * l - 1)) END;
    h := CASE
      WHEN c = 0 THEN 0
      WHEN mx = r THEN 60 * (g - b) / c + CASE WHEN g < b THEN 360 ELSE 0 END
      WHEN mx = g THEN 60 * (b - r) / c + 120
      ELSE 60 * (r - g) / c + 240
    END;
    swatch := CASE
      WHEN l < 0.12 THEN 'black'
      WHEN l > 0.92 THEN 'white'
      WHEN s < 0.15 THEN CASE WHEN l < 0.2 THEN 'black' WHEN l > 0.85 THEN 'white' ELSE 'grey' END
      WHEN h >= 15 AND h < 50 AND l < 0.65 AND (l < 0.4 OR s < 0.45) THEN 'brown'
      WHEN (h >= 345 OR h < 15) AND l < 0.6 AND s < 0.45 THEN 'brown'
      WHEN h >= 345 OR h < 15 THEN 'red'
      WHEN h < 40 THEN 'orange'
      WHEN h < 70 THEN 'yellow'
      WHEN h < 160 THEN 'green'
      WHEN h < 195 THEN 'teal'
      WHEN h < 255 THEN 'blue'
      WHEN h < 290 THEN 'purple'
      ELSE 'pink'
    END;
    IF NOT swatch = ANY (found) THEN found := found || swatch; END IF;
  END LOOP;
  RETURN ARRAY(SELECT unnest(found) ORDER BY 1);
END
$$;--> statement-breakpoint
CREATE TABLE "preview_element" (
	"preview_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "preview_element_preview_id_category_id_pk" PRIMARY KEY("preview_id","category_id")
);
--> statement-breakpoint
DROP INDEX "job_due_idx";--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "swatches" text[] GENERATED ALWAYS AS (color_swatches(colors)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "ocr_text" text;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(ocr_text, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "preview_element" ADD CONSTRAINT "preview_element_preview_id_preview_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."preview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_element" ADD CONSTRAINT "preview_element_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_element_cat_idx" ON "preview_element" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "preview_news_idx" ON "preview" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "preview_item_position_idx" ON "preview" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "preview_news_free_idx" ON "preview" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE position < 10;--> statement-breakpoint
CREATE INDEX "item_hot_all_idx" ON "item" USING btree ("hot_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "preview_swatches_idx" ON "preview" USING gin ("swatches");--> statement-breakpoint
CREATE INDEX "preview_search_trgm_idx" ON "preview" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "preview_search_grams_idx" ON "preview" USING gin (cjk_grams(coalesce(ocr_text, '')));--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("priority" DESC NULLS LAST,"run_at","id") WHERE NOT done;--> statement-breakpoint
-- preview.position: the screen's 0-based ordinal in its item (ORDER BY sort, id). Statement-level
-- triggers renumber the items a statement touched (inserted, deleted, moved or re-sorted screens),
-- so every write path (seed, import, console reorder and delete, psql) keeps it right. Renumbering
-- updates only `position`, which the update trigger ignores: no recursion.
CREATE OR REPLACE FUNCTION preview_renumber(items int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE preview AS p SET position = o.pos
  FROM (
    SELECT id, (row_number() OVER (PARTITION BY item_id ORDER BY sort, id) - 1)::int AS pos
    FROM preview WHERE item_id = ANY(items)
  ) AS o
  WHERE p.id = o.id AND p.position <> o.pos
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION preview_position_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT item_id) INTO items FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT item_id) INTO items FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT moved.item_id) INTO items FROM (
      SELECT n.item_id, o.item_id AS old_item FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE n.sort <> o.sort OR n.item_id <> o.item_id
    ) AS changed, LATERAL (VALUES (changed.item_id), (changed.old_item)) AS moved(item_id);
  END IF;
  IF items IS NOT NULL THEN PERFORM preview_renumber(items); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER preview_position_insert AFTER INSERT ON preview REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_position_after_write();--> statement-breakpoint
CREATE TRIGGER preview_position_update AFTER UPDATE ON preview REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_position_after_write();--> statement-breakpoint
CREATE TRIGGER preview_position_delete AFTER DELETE ON preview REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_position_after_write();--> statement-breakpoint
UPDATE preview AS p SET position = o.pos
FROM (SELECT id, (row_number() OVER (PARTITION BY item_id ORDER BY sort, id) - 1)::int AS pos FROM preview) AS o
WHERE p.id = o.id AND p.position <> o.pos;--> statement-breakpoint
-- Screens' UI elements are catalogue content: their writes notify like the rest (0007).
CREATE TRIGGER preview_element_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON preview_element FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();