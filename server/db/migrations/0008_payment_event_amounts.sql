ALTER TABLE "payment_events" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "currency" char(3);--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_events_type_occurred_idx" ON "payment_events" USING btree ("type","occurred_at");