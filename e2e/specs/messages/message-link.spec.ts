import { postMessage } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { channelPath, messageIn } from '../../fixtures/ui';

/** 001 §2: ?messageId= opens the channel at that message (older pages read until it is loaded), highlighted about 2 s; the query then leaves the address. */
test('a message link opens the channel at an older message, highlighted, and the query is removed', async ({ signedInPage: page, user, team, teammate }) => {
  const target = await postMessage(teammate, team.generalId, 'The plan we agreed on: north gate at eight');
  // More than a page (50) after it, from both members (each send is limited per user).
  await Promise.all(
    [user, teammate].map(async (who, w) => {
      for (let i = 0; i < 28; i++) await postMessage(who, team.generalId, `filler ${w}-${i}`);
    }),
  );
  await page.goto(`${channelPath(team)}?messageId=${target}`);
  const linked = messageIn(page, 'The plan we agreed on');
  await expect(linked).toHaveAttribute('data-highlight', 'true');
  await expect(linked).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`${channelPath(team)}$`));
});
