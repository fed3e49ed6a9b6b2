CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- Every write that changes what search shows of a material leaves its id here (read by each
-- process's search index, lib/search/index-sync.ts).
CREATE OR REPLACE FUNCTION kreide_search_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'materials' THEN
    INSERT INTO search_changes (material_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    INSERT INTO search_changes (material_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.material_id ELSE NEW.material_id END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER materials_search_changed AFTER INSERT OR DELETE OR UPDATE OF
  title, description, world, author_id, price_cents, sale_price_cents, sale_ends_at, sales_count, created_at,
  is_active, deleted_at
  ON materials FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
--> statement-breakpoint
CREATE TRIGGER material_subjects_search_changed AFTER INSERT OR DELETE OR UPDATE
  ON material_subjects FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
--> statement-breakpoint
CREATE TRIGGER material_grades_search_changed AFTER INSERT OR DELETE OR UPDATE
  ON material_grades FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
--> statement-breakpoint
CREATE TRIGGER material_learning_years_search_changed AFTER INSERT OR DELETE OR UPDATE
  ON material_learning_years FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
--> statement-breakpoint
CREATE TRIGGER material_material_types_search_changed AFTER INSERT OR DELETE OR UPDATE
  ON material_material_types FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
--> statement-breakpoint
CREATE TRIGGER material_school_types_search_changed AFTER INSERT OR DELETE OR UPDATE
  ON material_school_types FOR EACH ROW EXECUTE FUNCTION kreide_search_changed();
