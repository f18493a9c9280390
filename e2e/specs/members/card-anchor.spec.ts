import type { APIResponse } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * The profile card stays where it opened when a role given on it moves the member to another group
 * of the member list (the row it was opened from is then drawn anew, elsewhere).
 */

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

test('a role that moves the member to another group of the list leaves the card where it was', async ({
  signedInPage: owner,
  user,
  team,
  teammate,
}, testInfo) => {
  const { role } = await ok<{ role: { id: string } }>(await user.api.post(`/api/v1/teams/${team.id}/roles`), 'POST roles');
  await ok(await user.api.patch(`/api/v1/teams/${team.id}/roles`, { data: [{ id: role.id, name: 'Vanguard', isDisplayedSeparately: true }] }), 'PATCH roles');
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);

  await owner.getByRole('button', { name: new RegExp(`^${teammate.username},? (Online|Offline)`) }).click();
  const card = owner.getByRole('dialog', { name: teammate.username });
  await expect(card).toBeVisible();
  const before = await card.boundingBox();
  expect(before?.x).toBeGreaterThan(300); // beside the member list, on the right

  await card.getByRole('button', { name: 'Add role' }).click();
  await card.getByRole('button', { name: 'Vanguard' }).click();
  await expect(card.getByRole('button', { name: 'Remove role Vanguard' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Vanguard — 1' })).toBeVisible();
  const after = await card.boundingBox();
  expect(after?.x).toBeCloseTo(before!.x, 0); // measured above
  expect(after?.y).toBeCloseTo(before!.y, 0);
  await snap(owner, testInfo, 'members-card-anchor-after-role');
});
