-- Each member's own order of their team list (PATCH /api/v1/teams/priority); null: after the ordered ones, by joining time.
ALTER TABLE "team_members" ADD COLUMN "priority" integer;
