-- The left sidebar setting (000 §2 App settings) gained its effect: off puts the team sidebar across
-- the top. Until now it could not be changed and every account stored the old default, off; those
-- accounts keep the layout they had (the sidebar on the left), which is also the new default.
UPDATE "users" SET "settings" = jsonb_set("settings", '{leftSidebar}', '{"isEnabled": true}'::jsonb, true)
WHERE "system" = false AND COALESCE(("settings" -> 'leftSidebar' ->> 'isEnabled')::boolean, false) = false;
