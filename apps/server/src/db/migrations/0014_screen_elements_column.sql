-- A screen's UI elements on its own row (issue 11: the Screens view at 400,000 screens). The Screens
-- view's element filters (all of) and its search (any of the elements a term names) tested a
-- subquery on preview_element for every screen walked; with the ids on the row they are array tests
-- answered by a GIN index, and a page or a count reads one table. preview_element stays the one place
-- elements are written (console, importer, seed); its statement-level triggers keep this column equal.
ALTER TABLE "preview" ADD COLUMN "element_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
UPDATE preview AS p SET element_ids = e.ids
FROM (SELECT preview_id, array_agg(category_id ORDER BY category_id) AS ids FROM preview_element GROUP BY preview_id) AS e
WHERE p.id = e.preview_id;--> statement-breakpoint
CREATE INDEX "preview_elements_idx" ON "preview" USING gin ("element_ids");--> statement-breakpoint
CREATE OR REPLACE FUNCTION preview_elements_sync(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE preview AS p SET element_ids = e.ids
  FROM (
    SELECT v.id, coalesce((SELECT array_agg(pe.category_id ORDER BY pe.category_id) FROM preview_element AS pe WHERE pe.preview_id = v.id), '{}'::int[]) AS ids
    FROM unnest(ids) AS v(id)
  ) AS e
  WHERE p.id = e.id AND p.element_ids IS DISTINCT FROM e.ids
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION preview_elements_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT preview_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT preview_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT t.preview_id) INTO ids FROM (SELECT preview_id FROM new_rows UNION SELECT preview_id FROM old_rows) AS t;
  END IF;
  IF ids IS NOT NULL THEN PERFORM preview_elements_sync(ids); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER preview_elements_insert AFTER INSERT ON preview_element REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_elements_after_write();--> statement-breakpoint
CREATE TRIGGER preview_elements_update AFTER UPDATE ON preview_element REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_elements_after_write();--> statement-breakpoint
CREATE TRIGGER preview_elements_delete AFTER DELETE ON preview_element REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION preview_elements_after_write();
