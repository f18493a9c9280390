import type { Locator, Page } from '@playwright/test';
import { createInvite, joinTeam, postMessage, registerUser, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, messageIn } from '../../fixtures/ui';

/** Members who post the history (each may send 10 messages per 5 s). */
const POSTERS = 8;
/** Messages after the linked one. */
const FILLERS = 320;
/** Message rows the list may hold in the page at once (the rows in view and a few beyond). */
const MOST_ROWS = 80;

const log = (page: Page) => page.getByRole('log');
const rows = (page: Page) => log(page).getByRole('article');

/** Scroll the list to one end again and again (each time the next page loads) until `until` is in view. */
async function scrollUntil(page: Page, to: 'top' | 'bottom', until: Locator): Promise<void> {
  await expect(async () => {
    await log(page).evaluate((el, top) => el.scrollTo(0, top ? 0 : el.scrollHeight), to === 'top');
    await expect(until).toBeInViewport({ timeout: 1_500 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Issue 9: the history is virtualized, so a channel of a few hundred messages keeps only the rows in
 * view in the page; scrolling up reads older pages; a link to a message 300 back opens the channel
 * there (the page around it), highlighted, with newer pages read while scrolling down and 'Jump to
 * present' back to the newest; a reply's quote jumps back to it the same way.
 */
test('a long history: bounded rows, older pages on scrolling up, a link 300 messages back and Jump to present', async ({
  signedInPage: page,
  user,
  team,
  teammate,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const extra: ApiUser[] = [];
  try {
    for (let i = 0; i < POSTERS - 2; i++) {
      const poster = await registerUser(playwright.request, 'poster');
      extra.push(poster);
      await joinTeam(poster, await createInvite(user, team.id));
    }
    const linked = await postMessage(teammate, team.generalId, 'The oldest plan: meet at the north gate');
    const posters = [user, teammate, ...extra];
    await Promise.all(
      posters.map(async (who, w) => {
        for (let i = w; i < FILLERS; i += posters.length) await postMessage(who, team.generalId, `filler ${i} from poster ${w}`);
      }),
    );
    // The newest message answers the oldest one: its quote jumps 320 messages back.
    await postMessage(user, team.generalId, 'The newest word: tonight at nine', linked);
    const newest = messageIn(page, 'The newest word');
    // (The newest one quotes it: not that one.)
    const oldest = messageIn(page, 'The oldest plan').filter({ hasNotText: 'The newest word' });
    const welcome = page.getByRole('heading', { name: 'Welcome to #general!' });

    await test.step('the channel opens at the newest message; scrolling up reads every older page, the page holding only the rows near the view', async () => {
      await page.goto(channelPath(team));
      await expect(newest).toBeInViewport();
      await scrollUntil(page, 'top', welcome);
      await expect(oldest).toBeVisible();
      expect(await rows(page).count()).toBeLessThanOrEqual(MOST_ROWS);
      await expect(newest).toHaveCount(0);
    });

    await test.step('a link to the oldest message opens the channel there, highlighted, the query removed, as an older part', async () => {
      await page.goto(`${channelPath(team)}?messageId=${linked}`);
      await expect(oldest).toHaveAttribute('data-highlight', 'true');
      await expect(oldest).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`${channelPath(team)}$`));
      await expect(page.getByRole('status').filter({ hasText: "You're viewing older messages" })).toBeVisible();
      await expect(newest).toHaveCount(0);
      await snap(page, testInfo, 'long-history-1-linked-older-part');
    });

    await test.step('scrolling down reads the newer pages until the present, where the bar goes', async () => {
      await scrollUntil(page, 'bottom', newest);
      await expect(page.getByText("You're viewing older messages")).toHaveCount(0);
      expect(await rows(page).count()).toBeLessThanOrEqual(MOST_ROWS);
    });

    await test.step("opened at the link again, 'Jump to present' goes to the newest messages, with one sent meanwhile", async () => {
      await page.goto(`${channelPath(team)}?messageId=${linked}`);
      await expect(oldest).toBeInViewport();
      await postMessage(teammate, team.generalId, 'Sent while you read the past');
      await page.getByRole('button', { name: 'Jump to present' }).click();
      await expect(messageIn(page, 'Sent while you read the past')).toBeInViewport();
      await expect(newest).toBeVisible();
      await expect(page.getByRole('button', { name: 'Jump to present' })).toHaveCount(0);
      await snap(page, testInfo, 'long-history-2-present');
    });

    await test.step("the newest message's quote jumps to the oldest, reading the page around it", async () => {
      await newest.getByRole('button', { name: /^Reply to .* The oldest plan/ }).click();
      await expect(oldest).toHaveAttribute('data-highlight', 'true');
      await expect(oldest).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Jump to present' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${channelPath(team)}$`));
    });
  } finally {
    for (const poster of extra) await poster.api.dispose();
  }
});
