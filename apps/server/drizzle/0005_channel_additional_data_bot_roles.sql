-- A watch-stream channel's stream (channels.additional_data: streamPlatform, streamChannel), and a bot's role (roles.bot_user_id: the bot it belongs to, gone with its account).
ALTER TABLE "channels" ADD COLUMN "additional_data" jsonb;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "bot_user_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_bot_user_id_users_id_fk" FOREIGN KEY ("bot_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_bot_user_idx" ON "roles" USING btree ("bot_user_id");