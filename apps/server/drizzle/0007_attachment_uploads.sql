CREATE TABLE "attachment_uploads" (
	"id" bigint PRIMARY KEY NOT NULL,
	"uploader_id" bigint NOT NULL,
	"key" text NOT NULL,
	"attachment" jsonb NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment_uploads" ADD CONSTRAINT "attachment_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_uploads_unused_idx" ON "attachment_uploads" USING btree ("created_at") WHERE "attachment_uploads"."used_at" is null;