-- Custom SQL migration file, put your code below! --
-- Every write to the catalogue's content, by whatever path (seed, import, admin console, psql),
-- notifies 'catalog_changed' when its transaction commits. Each server process listens and drops
-- its cached catalogue replies (modules/catalog/catalog-cache.ts, docs/decisions/036). One
-- notification per statement, not per row. Updates of item.hot_score alone (the Hot ranking's
-- activity, every half second) do not notify: Hot replies refresh on their own clock.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER item_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON item FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER item_content_changed AFTER UPDATE OF is_site, name, logo, briefing, site, rating, published_at, name_cn, name_tw, briefing_cn, briefing_tw ON item FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER preview_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON preview FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER category_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER item_category_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_category FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
