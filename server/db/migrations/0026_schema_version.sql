-- Which Tagit last migrated the database, and to which migration: an older Tagit refuses to start on a schema
-- newer than its code, and says which Tagit to start instead (server/db/schema-version.ts).
CREATE TABLE "schema_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tagit_version" text NOT NULL,
	"migration" text NOT NULL,
	"migrated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schema_version_singleton_check" CHECK ("schema_version"."id" = 1)
);
