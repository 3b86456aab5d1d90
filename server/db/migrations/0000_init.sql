CREATE TABLE "affiliate_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"referral_id" uuid,
	"invoice_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'GBP' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_earnings_amount_check" CHECK ("affiliate_earnings"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"referral_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'GBP' NOT NULL,
	"payout_method" text DEFAULT 'bank_transfer' NOT NULL,
	"payout_details_encrypted" text NOT NULL,
	"payout_details_masked" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"admin_notes" text,
	CONSTRAINT "affiliate_payouts_method_check" CHECK ("affiliate_payouts"."payout_method" in ('bank_transfer', 'paypal')),
	CONSTRAINT "affiliate_payouts_amount_check" CHECK ("affiliate_payouts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_id" uuid,
	"referral_code" text NOT NULL,
	"commission_percentage" numeric(5, 2) DEFAULT '10.00' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"link_followed_at" timestamp with time zone,
	"subscription_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_referrals_not_self_check" CHECK ("affiliate_referrals"."referrer_id" <> "affiliate_referrals"."referred_id"),
	CONSTRAINT "affiliate_referrals_commission_check" CHECK ("affiliate_referrals"."commission_percentage" >= 0 and "affiliate_referrals"."commission_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "affiliate_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_percentage" numeric(5, 2) DEFAULT '10.00' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_settings_singleton_check" CHECK ("affiliate_settings"."id" = 1),
	CONSTRAINT "affiliate_settings_commission_check" CHECK ("affiliate_settings"."commission_percentage" >= 0 and "affiliate_settings"."commission_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "post_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"post_name" text,
	"social_media" text,
	"social_media_username" text,
	"social_media_user_id" text,
	"user_agent" text,
	"ip_address" text,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_user_id" uuid NOT NULL,
	"post_id" uuid,
	"post_name" text,
	"visitor_id" uuid,
	"visitor_name" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"action" text NOT NULL,
	"search_term" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_analytics_action_check" CHECK ("search_analytics"."action" in ('search', 'internal_search', 'view'))
);
--> statement-breakpoint
CREATE TABLE "greetings_popup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT 'Welcome to Tagit! Give your next post a unique name, share the name, and see who comes looking for it.' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "greetings_popup_singleton_check" CHECK ("greetings_popup"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "help_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_name" varchar(100) NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hide_searches_popup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT 'This is how to hide your searches' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hide_searches_popup_singleton_check" CHECK ("hide_searches_popup"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "image_banner" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"text" text DEFAULT 'come see me' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_banner_singleton_check" CHECK ("image_banner"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_images_popup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT '<p><strong>Thank you for saving this image!</strong> You will find it in your downloads.</p>' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_images_popup_singleton_check" CHECK ("saved_images_popup"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" varchar(255) DEFAULT 'Terms and Conditions' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_singleton_check" CHECK ("terms"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ui_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_name" text NOT NULL,
	"code" integer NOT NULL,
	"title" text,
	"type" text,
	"route" text,
	"tags" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "what_we_do_content" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "what_we_do_content_singleton_check" CHECK ("what_we_do_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date DEFAULT CURRENT_DATE NOT NULL,
	"service" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"category" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "costs_amount_check" CHECK ("costs"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_report_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_delete_enabled" boolean DEFAULT false NOT NULL,
	"auto_delete_threshold" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_report_settings_singleton_check" CHECK ("post_report_settings"."id" = 1),
	CONSTRAINT "post_report_settings_threshold_check" CHECK ("post_report_settings"."auto_delete_threshold" >= 1)
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text,
	"image_url" text,
	"hide_personal_info" boolean DEFAULT false NOT NULL,
	"scramble_image" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"post_name" text,
	"unique_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tagged_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"post_name" text NOT NULL,
	"original_image" text NOT NULL,
	"scrambled_image" text NOT NULL,
	"thumbnail_image" text,
	"hide_personal_info" boolean DEFAULT false NOT NULL,
	"scramble_image" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"comment" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"original_path" text NOT NULL,
	"scrambled_path" text NOT NULL,
	"thumbnail_path" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"allow_free_users" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_settings_singleton_check" CHECK ("ai_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taggs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tagg" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"reason" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taggs_tagg_unique" UNIQUE("tagg")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"tagg" text,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"bio" text,
	"profile_picture_url" text,
	"wallpaper_url" text,
	"wallpaper_position" text DEFAULT '50,50' NOT NULL,
	"social_links" jsonb DEFAULT '{"platforms":{},"shortcuts":[]}'::jsonb NOT NULL,
	"theme" text DEFAULT 'blue' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"subscription_current_period_end" timestamp with time zone,
	"subscription_cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ip_address" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"last_active" timestamp with time zone,
	"privacy_mode" text DEFAULT 'show' NOT NULL,
	"pause_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_earnings" ADD CONSTRAINT "affiliate_earnings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_earnings" ADD CONSTRAINT "affiliate_earnings_referral_id_affiliate_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."affiliate_referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_earnings" ADD CONSTRAINT "affiliate_earnings_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_links" ADD CONSTRAINT "affiliate_links_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_referrer_id_profiles_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_referred_id_profiles_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_post_id_tagged_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."tagged_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD CONSTRAINT "search_analytics_target_user_id_profiles_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD CONSTRAINT "search_analytics_post_id_tagged_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."tagged_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD CONSTRAINT "search_analytics_visitor_id_profiles_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_tagged_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."tagged_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tagged_posts" ADD CONSTRAINT "tagged_posts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_tagg_taggs_tagg_fk" FOREIGN KEY ("tagg") REFERENCES "public"."taggs"("tagg") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_earnings_invoice_unique" ON "affiliate_earnings" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "affiliate_earnings_user_created_idx" ON "affiliate_earnings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "affiliate_earnings_referral_idx" ON "affiliate_earnings" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "affiliate_earnings_payout_idx" ON "affiliate_earnings" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_user_unique" ON "affiliate_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_referral_code_unique" ON "affiliate_links" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_user_requested_unique" ON "affiliate_payouts" USING btree ("user_id") WHERE "affiliate_payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "affiliate_payouts_user_requested_at_idx" ON "affiliate_payouts" USING btree ("user_id","requested_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_referrals_referred_unique" ON "affiliate_referrals" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_referrer_created_idx" ON "affiliate_referrals" USING btree ("referrer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_analytics_post_accessed_idx" ON "post_analytics" USING btree ("post_id","accessed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_analytics_target_created_idx" ON "search_analytics" USING btree ("target_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_analytics_post_visitor_idx" ON "search_analytics" USING btree ("post_id","visitor_hash");--> statement-breakpoint
CREATE INDEX "search_analytics_visitor_created_idx" ON "search_analytics" USING btree ("visitor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_analytics_visitor_hash_created_idx" ON "search_analytics" USING btree ("visitor_hash","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "help_content_section_name_unique" ON "help_content" USING btree ("section_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ui_sections_section_name_unique" ON "ui_sections" USING btree ("section_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ui_sections_code_unique" ON "ui_sections" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ui_sections_type_idx" ON "ui_sections" USING btree ("type");--> statement-breakpoint
CREATE INDEX "costs_date_idx" ON "costs" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "post_reports_post_reporter_unique" ON "post_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "post_reports_reporter_idx" ON "post_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_unique_url_unique" ON "posts" USING btree ("unique_url");--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "tagged_posts_post_name_unique" ON "tagged_posts" USING btree (lower(btrim("post_name")));--> statement-breakpoint
CREATE INDEX "tagged_posts_user_created_idx" ON "tagged_posts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tagged_posts_created_idx" ON "tagged_posts" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tagged_posts_original_image_idx" ON "tagged_posts" USING btree ("original_image");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_original_path_unique" ON "uploads" USING btree ("original_path");--> statement-breakpoint
CREATE INDEX "uploads_scrambled_path_idx" ON "uploads" USING btree ("scrambled_path");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash_unique" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_unique" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_unique" ON "profiles" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_tagg_unique" ON "profiles" USING btree ("tagg");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_stripe_customer_unique" ON "profiles" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "profiles_last_active_idx" ON "profiles" USING btree ("last_active");