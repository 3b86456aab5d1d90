-- The audit log at scale (decision 055): its filter choices come from two small tables kept beside each audit row
-- (backfilled here from the log), its search reads one trigram index (the target id, when a uuid, matched exactly,
-- also among the ids a cleanup run lists), and the filter by actor has an index of its own (it also serves the
-- actor's FK when a profile is deleted).
CREATE TABLE "admin_audit_actions" (
	"action" text PRIMARY KEY NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_actors" (
	"actor_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_actors" ADD CONSTRAINT "admin_audit_actors_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_search_trgm_idx" ON "admin_audit_log" USING gin (("actor_first_name" || ' ' || "actor_last_name" || E'\n' || "action" || E'\n' || "target_type" || case when "target_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then '' else E'\n' || "target_id" end) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_id_idx" ON "admin_audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_cleanup_ids_idx" ON "admin_audit_log" USING gin (("summary" -> 'after' -> 'ids') jsonb_path_ops) WHERE "admin_audit_log"."action" = 'cleanup.run';--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_id_idx" ON "admin_audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
-- The filter choices as the log stood: each actor by the name of their latest row, each action.
INSERT INTO "admin_audit_actors" ("actor_id", "first_name", "last_name", "last_seen")
SELECT DISTINCT ON ("actor_id") "actor_id", "actor_first_name", "actor_last_name", "created_at"
FROM "admin_audit_log" WHERE "actor_id" IS NOT NULL ORDER BY "actor_id", "created_at" DESC, "id" DESC;--> statement-breakpoint
INSERT INTO "admin_audit_actions" ("action", "last_seen")
SELECT "action", max("created_at") FROM "admin_audit_log" GROUP BY "action";--> statement-breakpoint
-- As for 0007 and 0023: 1,000 histogram entries let the planner see a rare term is rare.
ALTER INDEX "admin_audit_log_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "admin_audit_log", "admin_audit_actors", "admin_audit_actions";
