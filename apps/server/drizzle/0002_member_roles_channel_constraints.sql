-- Roles held by members move from team_members.role_ids (jsonb) to member_roles; channels.parent_id
-- gets a foreign key and channels.type a check. Existing data moves before the old column goes.
CREATE TABLE "member_roles" (
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "member_roles_team_id_user_id_role_id_pk" PRIMARY KEY("team_id","user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_team_id_id_unique" UNIQUE("team_id","id");--> statement-breakpoint
DROP INDEX "roles_team_idx";--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_member_fk" FOREIGN KEY ("team_id","user_id") REFERENCES "public"."team_members"("team_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_role_fk" FOREIGN KEY ("team_id","role_id") REFERENCES "public"."roles"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_roles_role_idx" ON "member_roles" USING btree ("role_id");--> statement-breakpoint
-- Every role id in role_ids that is still a role of the member's team (the default role, whose id is
-- the team id, is held without a row; ids of deleted roles are dropped).
INSERT INTO "member_roles" ("team_id", "user_id", "role_id")
SELECT DISTINCT tm."team_id", tm."user_id", r."id"
FROM "team_members" tm
CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(tm."role_ids") = 'array' THEN tm."role_ids" ELSE '[]'::jsonb END) AS held("role_id")
JOIN "roles" r ON r."team_id" = tm."team_id" AND r."id"::text = held."role_id"
WHERE r."id" <> tm."team_id";--> statement-breakpoint
ALTER TABLE "team_members" DROP COLUMN "role_ids";--> statement-breakpoint
-- A channel whose category no longer exists becomes uncategorised, as the foreign key does from now on.
UPDATE "channels" c SET "parent_id" = NULL
WHERE c."parent_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "channels" p WHERE p."id" = c."parent_id");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_parent_id_channels_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_parent_idx" ON "channels" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_type_check" CHECK ("channels"."type" in ('text', 'voice', 'todo', 'watchstream', 'announcement', 'whiteboard', 'category', 'DM'));
