import type { Page } from '@playwright/test';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * The channel list starts at the same place for the owner (who may drag channels, and so has a drop
 * slot for channels outside the categories) as for a member: no empty band above the first category.
 */

/** How far below the top of the channel list the first category's heading and #general's row begin. */
async function offsets(page: Page): Promise<{ heading: number; general: number }> {
  const nav = page.getByRole('navigation', { name: 'Channels' });
  const top = (await nav.boundingBox())!.y; // the list is on screen
  const heading = (await nav
    .getByRole('button', { name: /Text Channels/i })
    .first()
    .boundingBox())!.y;
  const general = (await nav.getByRole('link', { name: /general/ }).boundingBox())!.y;
  return { heading: heading - top, general: general - top };
}

test("the owner's channel list has no gap at its top: its first rows sit where a member's do", async ({
  signedInPage: owner,
  team,
  teammate,
  openAs,
}, testInfo) => {
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(channelPath(team));
  await expectChannelOpen(owner);
  const member = await openAs(teammate, channelPath(team));
  await member.setViewportSize({ width: 1280, height: 800 });
  await expectChannelOpen(member);

  const mine = await offsets(owner);
  const theirs = await offsets(member);
  await snap(owner, testInfo, 'channel-list-top-owner');
  await snap(member, testInfo, 'channel-list-top-member');
  expect(mine.general).toBeCloseTo(theirs.general, 0);
  expect(mine.heading).toBeCloseTo(theirs.heading, 0);
  expect(mine.heading).toBeLessThanOrEqual(28); // the list's padding and the category's top margin, nothing more
});
