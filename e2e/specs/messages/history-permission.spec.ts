import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer } from '../../fixtures/ui';

/** 001 §2 Message area: a member who may view a channel but not its history sees a notice instead of it, and can still write. */
test('without CAN_SEE_MESSAGE_HISTORY the history is replaced by a notice; the composer stays', async ({ user, team, teammate, openAs }, testInfo) => {
  const denied = await user.api.post(`/api/v1/teams/${team.id}/channels/${team.generalId}/permissions/role/${team.id}`, {
    // CAN_SEE_MESSAGE_HISTORY (packages/shared permissions.ts: 1 << 5), denied to everyone (the default role's id is the team's).
    data: { allow: 0, deny: 1 << 5 },
  });
  expect(denied.status(), await denied.text()).toBe(200);
  const page = await openAs(teammate, channelPath(team));
  await expect(page.getByText("You don't have permission to view the message history")).toBeVisible();
  await expect(page.getByRole('log')).toHaveCount(0);
  await expect(composer(page)).toBeVisible();
  await snap(page, testInfo, 'history-notice-en');
});
