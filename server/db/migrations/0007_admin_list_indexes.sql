-- pg_trgm answers the admin lists' ILIKE '%term%' searches (decision 024). Trusted since PostgreSQL 13 (the database
-- owner may create it); PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tagged_posts_created_idx";--> statement-breakpoint
CREATE INDEX "tagged_posts_created_id_idx" ON "tagged_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tagged_posts_post_name_trgm_idx" ON "tagged_posts" USING gin ("post_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taggs_created_id_idx" ON "taggs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_search_trgm_idx" ON "taggs" USING gin ("tagg" gin_trgm_ops,"first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_created_id_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("tagg" gin_trgm_ops,"first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"bio" gin_trgm_ops);