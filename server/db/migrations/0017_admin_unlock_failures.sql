ALTER TABLE "profiles" ADD COLUMN "admin_unlock_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "admin_unlock_failed_at" timestamp with time zone;