import type { Page } from '@playwright/test';
import { XSS_CORPUS } from '../../../packages/shared/src/markdown/xss-corpus';
import { postMessage } from '../../fixtures/api';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { channelPath, expectChannelOpen } from '../../fixtures/ui';

/**
 * Messages that try to inject markup or script (the shared XSS corpus) render as inert text: no
 * dialog opens, nothing throws or breaks the Content Security Policy (the fixture's guard), no
 * element of the message list has an event-handler attribute or is a script, image, frame, SVG or
 * object the renderer does not make, and every link is an http(s) or in-app link.
 */
test('the XSS corpus renders as inert text', async ({ signedInPage: page, user, team }, testInfo) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const content of XSS_CORPUS) await postMessage(user, team.generalId, content);
  const last = XSS_CORPUS.at(-1)!;

  await page.goto(channelPath(team));
  await expectChannelOpen(page);
  const log = page.getByRole('log');
  await expect(log.getByText(last, { exact: true })).toBeVisible();
  await snap(page, testInfo, 'xss-1-latest');

  // The list is virtualized: scroll from the top to the bottom, checking what is mounted at each step.
  const seen = new Set<string>();
  await log.evaluate((el) => el.scrollTo(0, 0));
  for (let step = 0; step < 200; step++) {
    const report = await inspect(page);
    expect(report.problems, report.problems.join('\n')).toEqual([]);
    for (const text of report.texts) seen.add(text);
    const atBottom = await log.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollBy(0, el.clientHeight * 0.8);
      return el.scrollTop === before;
    });
    if (atBottom) break;
    // Let the virtualizer mount the rows now in view.
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  }

  // What reads as a script or a javascript: link is shown as the text that was sent.
  const shown = [...seen].join('\n');
  for (const probe of ['<script>window.__xss = 1; alert(1)</script>', '<img src=x onerror="window.__xss = 1; alert(1)">', '[click me](javascript:alert(1))']) {
    expect(shown).toContain(probe);
  }
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  await test.step('a spoiler over an image tag reveals text; a javascript: link is not a link', async () => {
    await page.getByRole('log').evaluate((el) => el.scrollTo(0, 0));
    const spoiler = log.getByRole('button', { name: 'Spoiler, press to reveal' }).first();
    // Virtualized: down from the top until the first spoiler is rendered.
    await expect(async () => {
      if ((await spoiler.count()) === 0) await log.evaluate((el) => el.scrollBy(0, el.clientHeight * 0.8));
      await expect(spoiler).toBeAttached({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await spoiler.scrollIntoViewIfNeeded();
    await spoiler.press('Enter');
    await expect(log.getByRole('link', { name: 'click me' })).toHaveCount(0);
    const report = await inspect(page);
    expect(report.problems).toEqual([]);
  });

  expect(dialogs).toEqual([]);
});

interface Report {
  problems: string[];
  texts: string[];
}

/**
 * What the mounted messages' texts hold (the formatted content of each, `[data-message-content]`;
 * the list's own icons and controls are not message content): elements or attributes they must not,
 * and the texts.
 */
function inspect(page: Page): Promise<Report> {
  return page.getByRole('log').evaluate((log) => {
    const problems: string[] = [];
    const forbidden = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'STYLE', 'FORM', 'INPUT', 'BASE', 'LINK', 'META']);
    // Nothing outside the content elements may come from a message either: no handler attribute anywhere in the list.
    for (const el of log.querySelectorAll('*')) {
      for (const attribute of el.getAttributeNames()) {
        if (attribute.toLowerCase().startsWith('on')) problems.push(`an event handler attribute ${attribute} on <${el.tagName.toLowerCase()}>`);
      }
    }
    for (const el of log.querySelectorAll('[data-message-content] *')) {
      if (forbidden.has(el.tagName.toUpperCase())) problems.push(`a <${el.tagName.toLowerCase()}> element`);
      if (el.tagName === 'IMG') problems.push(`an image: ${el.outerHTML.slice(0, 200)}`);
      if (el instanceof HTMLAnchorElement && !/^(?:https?:|\/)/.test(el.getAttribute('href') ?? '')) problems.push(`a link to ${el.getAttribute('href')}`);
    }
    if (log.querySelectorAll('[data-message-content]').length === 0) problems.push('no message content mounted');
    const texts = [...log.querySelectorAll('[data-message-content]')].map((a) => a.textContent ?? '');
    return { problems, texts };
  });
}
