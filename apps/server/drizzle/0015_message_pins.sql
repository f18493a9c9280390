ALTER TABLE "messages" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pinned_by" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_pinned_idx" ON "messages" USING btree ("channel_id","pinned_at" DESC NULLS LAST) WHERE "messages"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_pinned_by_idx" ON "messages" USING btree ("pinned_by") WHERE "messages"."pinned_by" is not null;