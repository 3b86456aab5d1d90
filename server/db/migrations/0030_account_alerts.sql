-- Account alerts: the places members signed in from (a keyed hash of the network and the browser family), the
-- "Wasn't me" links of new-sign-in e-mails, when the password was last set (unknown before this migration) and
-- the member's choice to mute new-sign-in e-mails.

CREATE TABLE "sign_in_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network_key" text NOT NULL,
	"browser" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wasnt_me_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "new_sign_in_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_places" ADD CONSTRAINT "sign_in_places_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wasnt_me_tokens" ADD CONSTRAINT "wasnt_me_tokens_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_places_user_place_unique" ON "sign_in_places" USING btree ("user_id","network_key","browser");--> statement-breakpoint
CREATE INDEX "sign_in_places_last_seen_idx" ON "sign_in_places" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wasnt_me_tokens_hash_unique" ON "wasnt_me_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wasnt_me_tokens_user_idx" ON "wasnt_me_tokens" USING btree ("user_id");