import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { snap } from '../../fixtures/screenshots';
import { channelPath, composer, expectChannelOpen } from '../../fixtures/ui';

/** The local date and time inputs (in the page's time zone) of the moment `ms` from now, to the second. */
const inputsIn = (page: Page, ms: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    };
  }, ms);

/**
 * A member schedules a message a few seconds ahead from a phone: it waits in their list (where a
 * second one is cancelled), and at its time it arrives live for a teammate on a desktop, with the
 * clock beside its time that opens the scheduled-message info dialog.
 */
test('a scheduled message arrives at its time, with its clock and info dialog', async ({ signedInPage: alice, team, teammate, openAs }, testInfo) => {
  await alice.setViewportSize({ width: 390, height: 844 });
  await alice.goto(channelPath(team));
  const bob = await openAs(teammate, channelPath(team));
  await expectChannelOpen(alice);
  await expectChannelOpen(bob);
  // Both live connections are up (a message sent before would not be pushed to Bob).
  await expect(bob.getByText('Online — 2')).toBeVisible();

  const text = `See you at the raid, starting now! ${Date.now()}`;
  const scheduleDialog = alice.getByRole('dialog', { name: 'Schedule message' });
  const pending = alice.getByRole('region', { name: 'Scheduled messages' });

  await test.step('Alice schedules a message a few seconds ahead', async () => {
    await expect(alice.getByRole('button', { name: 'Schedule message' })).toBeDisabled();
    await composer(alice).fill(text);
    await alice.getByRole('button', { name: 'Schedule message' }).click();
    await expect(scheduleDialog.getByText(text)).toBeVisible();
    const { date, time } = await inputsIn(alice, 12_000);
    await scheduleDialog.getByLabel('Date').fill(date);
    await scheduleDialog.getByLabel('Time').fill(time);
    await expect(scheduleDialog.getByText(/^It will be sent on /)).toBeVisible();
    await snap(alice, testInfo, 'scheduled-1-schedule-dialog-mobile-en');
    await scheduleDialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(scheduleDialog).toBeHidden();
    await expect(composer(alice)).toHaveValue('');
    await expect(alice.getByText(/^Message scheduled for /)).toBeVisible();
    // It waits: in her list, not in the history.
    await expect(pending.getByRole('button', { name: '1 scheduled message' })).toBeVisible();
    await expect(alice.getByRole('log').getByText(text)).toHaveCount(0);
  });

  await test.step('a second one, for an hour from now, is cancelled from the list', async () => {
    await composer(alice).fill('Never mind this one');
    await alice.getByRole('button', { name: 'Schedule message' }).click();
    await scheduleDialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(scheduleDialog).toBeHidden();
    await pending.getByRole('button', { name: '2 scheduled messages' }).click();
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending.getByRole('listitem').nth(1)).toContainText('Never mind this one');
    await pending
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Cancel the message scheduled for / })
      .click();
    await expect(alice.getByText('Scheduled message cancelled')).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending.getByRole('listitem')).toContainText(text);
  });

  await test.step('at its time it arrives for Bob, with the clock that opens the info dialog', async () => {
    const arrived = bob.getByRole('log').getByRole('article').filter({ hasText: text });
    await expect(arrived).toBeVisible({ timeout: 30_000 });
    const clock = arrived.getByRole('button', { name: 'Scheduled message', exact: true });
    await clock.hover();
    await snap(bob, testInfo, 'scheduled-2-arrived-desktop-en');
    await clock.click();
    const info = bob.getByRole('dialog', { name: 'Scheduled message' });
    await expect(info.getByText(/^This message was scheduled for /)).toBeVisible();
    await info.getByRole('button', { name: 'Close' }).click();
    await expect(info).toBeHidden();
    // Alice sees it sent, and no longer waiting.
    await expect(alice.getByRole('log').getByText(text)).toBeVisible();
    await expect(pending).toBeHidden();
  });
});
