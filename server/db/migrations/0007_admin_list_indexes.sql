-- pg_trgm answers the admin lists' ILIKE '%term%' searches (decision 024). Trusted since PostgreSQL 13 (the database
-- owner may create it); PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tagged_posts_created_idx";--> statement-breakpoint
CREATE INDEX "tagged_posts_created_id_idx" ON "tagged_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tagged_posts_post_name_trgm_idx" ON "tagged_posts" USING gin ("post_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taggs_created_id_idx" ON "taggs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_search_trgm_idx" ON "taggs" USING gin ("tagg" gin_trgm_ops,"first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_created_id_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("tagg" gin_trgm_ops,"first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"bio" gin_trgm_ops);--> statement-breakpoint
-- The planner estimates ILIKE '%term%' from these columns' histograms; with the default 100 entries it falls
-- back to a guess (hundreds of rows for any term), picks the newest-first scan for a rare term and reads most of
-- the table. 1,000 entries let it see a rare term is rare and use the trigram index (decision 024).
ALTER TABLE "taggs" ALTER COLUMN "tagg" SET STATISTICS 1000, ALTER COLUMN "first_name" SET STATISTICS 1000, ALTER COLUMN "last_name" SET STATISTICS 1000, ALTER COLUMN "email" SET STATISTICS 1000, ALTER COLUMN "reason" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "tagg" SET STATISTICS 1000, ALTER COLUMN "first_name" SET STATISTICS 1000, ALTER COLUMN "last_name" SET STATISTICS 1000, ALTER COLUMN "email" SET STATISTICS 1000, ALTER COLUMN "bio" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "tagged_posts" ALTER COLUMN "post_name" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "taggs", "profiles", "tagged_posts";
