import { PICTURE_VARIANTS } from '../../fixtures/screenshots';
import type { Page } from '@playwright/test';
import { createInvite, postMessage, type ApiTeam, type ApiUser } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { SERVER_URL } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';
import { channelPath, composer, expectChannelOpen } from '../../fixtures/ui';

const log = (page: Page) => page.getByRole('log');
/** The first message (its article) whose text holds `text` (a later one may quote it in a preview). */
const messageWith = (page: Page, text: string) => log(page).locator('article').filter({ hasText: text }).first();

/** A message of each kind the renderer knows: formatting, mentions, links, a code block, a message link and an invite. */
async function postShowcase(owner: ApiUser, team: ApiTeam, mate: ApiUser): Promise<void> {
  const first = await postMessage(
    owner,
    team.generalId,
    '# Raid night\nBring **potions**, *scrolls* and __patience__. ~~No~~ ||Spoiler: the boss is a mimic||',
  );
  await postMessage(owner, team.generalId, `> Quoted rules\n- Be on time\n- Ask <@${mate.id}> for the route\n1. Meet in <#${team.generalId}>\n2. Pull at 9`);
  await postMessage(owner, team.generalId, '```ts\nconst party = members.filter((m) => m.online);\nconsole.log(`Ready: ${party.length}`);\n```');
  await postMessage(owner, team.generalId, 'Patch notes at https://example.com/patch-4 and `inline code`; unknown: <@123456> <#123456> <@&123456>');
  await postMessage(owner, team.generalId, `Plan: ${SERVER_URL}${channelPath(team)}?messageId=${first}`);
  await postMessage(owner, team.generalId, `Invite your friends: ${SERVER_URL}/invite/${await createInvite(owner, team.id)}`);
}

test('formatting, mentions, links and previews as a teammate sees them', async ({ user: owner, team, teammate, openAs }) => {
  const mate = await openAs(teammate, channelPath(team));
  await expectChannelOpen(mate);
  await postShowcase(owner, team, teammate);
  const last = messageWith(mate, 'Invite your friends');
  await expect(last).toBeVisible();

  await test.step('a mention of the reader highlights the message; the chip opens their profile card', async () => {
    const mentioning = messageWith(mate, 'for the route');
    await expect(mentioning).toHaveCSS('box-shadow', /inset/);
    await expect(messageWith(mate, 'Raid night')).not.toHaveCSS('box-shadow', /inset/);
    await mentioning.getByRole('button', { name: `@${teammate.username}` }).click();
    await expect(mate.getByRole('dialog')).toContainText(teammate.username);
    await mate.keyboard.press('Escape');
    await expect(mentioning.getByRole('link', { name: '#general' })).toHaveAttribute('href', channelPath(team));
  });

  await test.step('unknown mentions read as the spec says', async () => {
    const unknown = messageWith(mate, 'unknown:');
    await expect(unknown).toContainText('@invalid-user Invalid Channel Invalid Role');
  });

  await test.step('a spoiler is covered until pressed', async () => {
    const spoiler = messageWith(mate, 'Raid night').getByRole('button', { name: 'Spoiler, press to reveal' });
    await spoiler.focus();
    await spoiler.press('Enter');
    await expect(messageWith(mate, 'Raid night').getByText('Spoiler: the boss is a mimic')).toBeVisible();
  });

  await test.step('a code block is highlighted', async () => {
    const code = messageWith(mate, 'const party').locator('pre code');
    await expect(code.locator('span').first()).toBeVisible();
  });

  await test.step('an external link asks first, and Cancel stays', async () => {
    await messageWith(mate, 'Patch notes').getByRole('link', { name: 'https://example.com/patch-4' }).click();
    const dialog = mate.getByRole('dialog', { name: 'Leaving Rally' });
    await expect(dialog).toContainText('https://example.com/patch-4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('a message link shows the message and jumps in the app; an invite link shows the team', async () => {
    const preview = messageWith(mate, 'Plan:');
    await expect(preview.getByText('Raid night')).toBeVisible();
    await expect(last.getByText(team.name)).toBeVisible();
    await expect(last.getByRole('link', { name: `Open ${team.name}` })).toHaveAttribute('href', `/teams/${team.id}`);
    await preview.getByRole('link', { name: 'Jump to message' }).click();
    await expect(mate).toHaveURL(new RegExp(`${channelPath(team)}`));
    await expect(composer(mate)).toBeVisible();
  });
});

test('the composer suggests @names, sends them as mentions, and @everyone counts for the owner', async ({ signedInPage: page, team, teammate }, testInfo) => {
  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  await expect(page.getByRole('button', { name: new RegExp(teammate.username) }).first()).toBeVisible();
  await composer(page).pressSequentially(`@${teammate.username.slice(0, 4)}`);
  const option = page.getByRole('option', { name: new RegExp(teammate.username) });
  await expect(option).toBeVisible();
  await snap(page, testInfo, 'message-content-autocomplete');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue(`@${teammate.username} `);
  await composer(page).pressSequentially('ready? @everyone now');
  await composer(page).press('Enter');
  const sent = messageWith(page, 'ready?');
  await expect(sent.getByRole('button', { name: `@${teammate.username}` })).toBeVisible();
  // The owner holds MENTION_EVERYONE_AND_HERE: once the server's copy is in, @everyone is a mention (and mentions the owner too).
  await expect(sent).toHaveCSS('box-shadow', /inset/);
});

/** Pictures of the rendered messages and the leaving dialog, desktop and phone, English and Turkish. */
for (const { language, size, viewport } of PICTURE_VARIANTS) {
  test(`pictures: rendered messages and the link dialog (${language}, ${size})`, async ({ user: owner, team, teammate, openAs }, testInfo) => {
    await postShowcase(owner, team, teammate);
    const mate = await openAs(teammate, '/');
    await mate.setViewportSize(viewport);
    await mate.evaluate((lng) => localStorage.setItem('rally.language', lng), language);
    await mate.goto(channelPath(team));
    await expect(mate.locator('html')).toHaveAttribute('lang', language);
    const invite = messageWith(mate, 'Invite your friends');
    await expect(invite.getByText(team.name)).toBeVisible();
    await expect(messageWith(mate, 'const party').locator('pre code span').first()).toBeVisible();
    await snap(mate, testInfo, `message-content-${language}-${size}-1-latest`);
    await log(mate).evaluate((el) => el.scrollTo(0, 0));
    await expect(messageWith(mate, 'Raid night')).toBeVisible();
    await snap(mate, testInfo, `message-content-${language}-${size}-2-top`);
    await messageWith(mate, 'Patch notes').getByRole('link', { name: 'https://example.com/patch-4' }).click();
    await expect(mate.getByRole('dialog')).toContainText('https://example.com/patch-4');
    await snap(mate, testInfo, `message-content-${language}-${size}-3-leaving`);
  });
}
