CREATE TABLE "uploads" (
	"id" bigint PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"uploader_id" bigint,
	"holder_id" bigint,
	"attachment" jsonb,
	"remove_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_holder_idx" ON "uploads" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "uploads_uploader_idx" ON "uploads" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "uploads_remove_at_idx" ON "uploads" USING btree ("remove_at") WHERE "uploads"."remove_at" is not null;--> statement-breakpoint
-- Attachment uploads move over, each held by the message (not deleted) or scheduled message that
-- carries it: an unsent one keeps its day; a sent one whose message was deleted is removed (row and
-- file) by the first sweep.
WITH "carried" AS (
	SELECT DISTINCT ON ("upload_id") "upload_id", "holder_id" FROM (
		SELECT e."a" ->> 'id' AS "upload_id", m."id" AS "holder_id"
		FROM "messages" m, jsonb_array_elements(m."attachments") AS e("a")
		WHERE m."deleted_at" IS NULL AND m."attachments" <> '[]'::jsonb
		UNION ALL
		SELECT e."a" ->> 'id', s."id"
		FROM "scheduled_messages" s, jsonb_array_elements(s."attachments") AS e("a")
	) AS "all_carried"
	ORDER BY "upload_id", "holder_id"
)
INSERT INTO "uploads" ("id", "key", "kind", "uploader_id", "holder_id", "attachment", "remove_at", "created_at")
SELECT u."id", u."key", 'attachment', u."uploader_id", c."holder_id", u."attachment",
	CASE WHEN u."used_at" IS NULL THEN u."created_at" + interval '24 hours' WHEN c."holder_id" IS NULL THEN now() END,
	u."created_at"
FROM "attachment_uploads" u
LEFT JOIN "carried" c ON c."upload_id" = u."id"::text AND u."used_at" IS NOT NULL;
--> statement-breakpoint
-- Images in use, held by their user or team: a user's avatar and banner are theirs; a team's icon
-- and banner have no recorded uploader; an emoji's image was uploaded by its creator. A file that
-- several show (another user's URL could be set before this table) is held by the first of them.
-- Keys whose number is no snowflake (a URL of the right form set without an upload) are left out.
INSERT INTO "uploads" ("id", "key", "kind", "uploader_id", "holder_id")
SELECT substring("found"."key" from '/([0-9]{1,19})\.')::bigint, "found"."key", "found"."kind", "found"."uploader_id", "found"."holder_id"
FROM (
	SELECT substring("profile_picture" from '(userAvatar/[0-9]{1,19}\.(?:png|jpg|gif))$') AS "key", 'userAvatar' AS "kind", "id" AS "uploader_id", "id" AS "holder_id" FROM "users"
	UNION ALL
	SELECT substring("banner" from '(userBanner/[0-9]{1,19}\.(?:png|jpg|gif))$'), 'userBanner', "id", "id" FROM "users"
	UNION ALL
	SELECT substring("profile_picture" from '(teamIcon/[0-9]{1,19}\.(?:png|jpg|gif))$'), 'teamIcon', NULL, "id" FROM "teams"
	UNION ALL
	SELECT substring("banner" from '(teamBanner/[0-9]{1,19}\.(?:png|jpg|gif))$'), 'teamBanner', NULL, "id" FROM "teams"
	UNION ALL
	SELECT 'emojis/' || "id"::text || '.webp', 'emoji', "created_by", "team_id" FROM "emojis"
) AS "found"
WHERE "found"."key" IS NOT NULL AND substring("found"."key" from '/([0-9]{1,19})\.')::numeric <= 9223372036854775807
ORDER BY "found"."holder_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Attachments are served by Rally only (GET /uploads/attachment/…, to who may view them): one that
-- was given an S3_PUBLIC_URL address gets Rally's own, in messages, scheduled messages and uploads.
CREATE FUNCTION pg_temp.rally_attachment_url("a" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN "a" ->> 'url' ~ '^https?://.*/attachment/[0-9]{1,20}\.[a-z0-9]{3,4}$'
		THEN jsonb_set("a", '{url}', to_jsonb('/uploads/' || substring("a" ->> 'url' from 'attachment/[0-9]{1,20}\.[a-z0-9]{3,4}$')))
		ELSE "a" END
$$;
--> statement-breakpoint
UPDATE "messages"
SET "attachments" = (SELECT jsonb_agg(pg_temp.rally_attachment_url(e."a") ORDER BY e."i") FROM jsonb_array_elements("attachments") WITH ORDINALITY AS e("a", "i"))
WHERE "attachments" <> '[]'::jsonb AND "attachments"::text LIKE '%://%';
--> statement-breakpoint
UPDATE "scheduled_messages"
SET "attachments" = (SELECT jsonb_agg(pg_temp.rally_attachment_url(e."a") ORDER BY e."i") FROM jsonb_array_elements("attachments") WITH ORDINALITY AS e("a", "i"))
WHERE "attachments" <> '[]'::jsonb AND "attachments"::text LIKE '%://%';
--> statement-breakpoint
UPDATE "uploads" SET "attachment" = pg_temp.rally_attachment_url("attachment") WHERE "kind" = 'attachment' AND "attachment"::text LIKE '%://%';
--> statement-breakpoint
DROP FUNCTION pg_temp.rally_attachment_url(jsonb);
--> statement-breakpoint
DROP TABLE "attachment_uploads" CASCADE;
