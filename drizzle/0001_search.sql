-- Full-text search in each world's language, accent-insensitive, with trigram typo tolerance.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; indexes and generated columns need an IMMUTABLE wrapper that names
-- its dictionary explicitly.
CREATE OR REPLACE FUNCTION kreide_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The text-search configuration of a world's language (simple where PostgreSQL has no stemmer).
CREATE OR REPLACE FUNCTION kreide_search_config(world text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT (CASE world
    WHEN 'de' THEN 'german' WHEN 'es' THEN 'spanish' WHEN 'fr' THEN 'french' WHEN 'gr' THEN 'greek'
    WHEN 'it' THEN 'italian' WHEN 'dk' THEN 'danish' WHEN 'fi' THEN 'finnish' WHEN 'hi' THEN 'hindi'
    WHEN 'hu' THEN 'hungarian' WHEN 'id' THEN 'indonesian' WHEN 'nl' THEN 'dutch' WHEN 'no' THEN 'norwegian'
    WHEN 'ro' THEN 'romanian' WHEN 'rs' THEN 'serbian' WHEN 'se' THEN 'swedish'
    ELSE 'simple' END)::regconfig $$;
--> statement-breakpoint
ALTER TABLE materials ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(kreide_search_config(world), kreide_unaccent(title)), 'A') ||
  setweight(to_tsvector(kreide_search_config(world), kreide_unaccent(regexp_replace(description, '<[^>]+>', ' ', 'g'))), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX materials_search_vector ON materials USING gin (search_vector);
--> statement-breakpoint
-- Words of titles, keywords and subjects per world: the vocabulary a misspelt query word is
-- corrected against (trigram similarity), refreshed by lib/search/terms.ts.
CREATE TABLE search_terms (
  world text NOT NULL,
  term text NOT NULL,
  -- The word as the catalogue writes it most often (case and accents kept), shown to visitors.
  display text NOT NULL,
  frequency integer NOT NULL,
  PRIMARY KEY (world, term)
);
--> statement-breakpoint
CREATE INDEX search_terms_trgm ON search_terms USING gin (term gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX keywords_title_trgm ON keywords USING gin (kreide_unaccent(lower(title)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX materials_world_price ON materials (world, price_cents);
--> statement-breakpoint
CREATE INDEX materials_world_active ON materials (world) WHERE is_active AND deleted_at IS NULL;
