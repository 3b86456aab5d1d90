-- Admin lists sorted on the server and searched by full name (decision 052): each sort's keys then (created_at, id),
-- so a sorted page reads one index range in either direction, and trigram indexes on the full name as shown.
CREATE INDEX "admin_audit_log_action_sort_idx" ON "admin_audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_sort_idx" ON "admin_audit_log" USING btree ("actor_last_name","actor_first_name","created_at","id");--> statement-breakpoint
CREATE INDEX "tagged_posts_post_name_sort_idx" ON "tagged_posts" USING btree ("post_name","created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_full_name_trgm_idx" ON "taggs" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taggs_tagg_sort_idx" ON "taggs" USING btree ("tagg","created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_first_name_sort_idx" ON "taggs" USING btree ("first_name","last_name","created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_last_name_sort_idx" ON "taggs" USING btree ("last_name","first_name","created_at","id");--> statement-breakpoint
CREATE INDEX "taggs_email_sort_idx" ON "taggs" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_tagg_sort_idx" ON "profiles" USING btree (coalesce("tagg", ''),"created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_display_name_sort_idx" ON "profiles" USING btree ("first_name","last_name","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_last_name_sort_idx" ON "profiles" USING btree ("last_name","first_name","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_email_sort_idx" ON "profiles" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_last_active_sort_idx" ON "profiles" USING btree (coalesce("last_active", '-infinity'::date),"created_at","id");--> statement-breakpoint
-- As for the columns in 0007: 1,000 histogram entries let the planner see a rare full name is rare.
ALTER INDEX "profiles_full_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "taggs_full_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "taggs", "profiles", "tagged_posts", "admin_audit_log";
