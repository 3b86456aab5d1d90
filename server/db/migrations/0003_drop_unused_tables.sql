DROP TABLE "post_analytics" CASCADE;--> statement-breakpoint
DROP TABLE "posts" CASCADE;