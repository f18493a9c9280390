-- The product's own account (apps/server/src/modules/dms/system.ts, SYSTEM_ACCOUNT): the author of
-- system direct messages (welcome, removal from a team). It cannot sign in (the password hash is no
-- argon2 hash), nobody can message it, befriend it or block it, and its slug has an underscore,
-- which no generated slug has.
INSERT INTO "users" ("id", "username", "slug", "email", "password_hash", "verified", "presence", "system", "settings")
VALUES (1000000000000000001, 'Rally', 'rally_system', 'system@rally.invalid', '!', true, 0, true,
  '{"locale":"en","developerMode":{"isEnabled":false},"leftSidebar":{"isEnabled":false},"privacy":{"friendRequests":"noone","directMessages":"friends"},"presence":0}'::jsonb)
ON CONFLICT DO NOTHING;
