CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repeated_search_alerts" (
	"owner_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "repeated_search_alerts_owner_id_visitor_id_pk" PRIMARY KEY("owner_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeated_search_alerts" ADD CONSTRAINT "repeated_search_alerts_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeated_search_alerts" ADD CONSTRAINT "repeated_search_alerts_visitor_id_profiles_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_blocker_blocked_unique" ON "blocks" USING btree ("blocker_id","blocked_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_blocker_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
-- A block changes what the blocker's analytics list shows (the blocked member's rows leave it).
CREATE TRIGGER blocks_notify_changed AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION tagit_notify_analytics_changed('blocker_id');
