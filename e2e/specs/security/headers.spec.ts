import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_URL } from '../../fixtures/server';
import { snap } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/test';
import { captchaLabel, landingCallToAction, openRegisterDialog, solveCaptchaWidget } from '../../fixtures/ui';

/**
 * The response headers at work in a real browser: Rally cannot be framed by another site, and the
 * Content Security Policy refuses injected script (and the e2e guard notices when it does).
 */

/**
 * A foreign site on a port of its own: a real server, not page.route, because Chromium's Local
 * Network Access checks block a page fulfilled by page.route (an unknown, so public, address) from
 * framing a loopback address at all; the refusal tested here must be Rally's own.
 */
async function startForeignSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url === '/own-page')
      return response.end('<!doctype html><html lang="en"><title>Ordinary</title><p>An ordinary page of the foreign site</p></html>');
    response.end(
      '<!doctype html><html lang="en"><title>Win a prize</title><h1>Win a prize</h1>' +
        '<iframe id="own" title="The foreign site" src="/own-page" width="400" height="100"></iframe>' +
        `<iframe id="victim" title="Rally, framed" src="${SERVER_URL}/" width="800" height="500"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/`, close };
}

test('refuses to render inside a foreign page’s iframe (clickjacking)', async ({ page, pageProblems }, testInfo) => {
  const foreign = await startForeignSite();
  try {
    const rallyDocument = page.waitForResponse(`${SERVER_URL}/`);
    await page.goto(foreign.url);
    // Frames do load on this foreign page (the test would prove nothing otherwise) …
    await expect(page.frameLocator('#own').getByText('An ordinary page of the foreign site')).toBeVisible();
    // … and the browser did fetch Rally's page for the other frame …
    const response = await rallyDocument;
    expect(response.status()).toBe(200);
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    // … but refused to show it: the frame-ancestors refusal is reported, and the frame holds no Rally page.
    await expect
      .poll(() =>
        pageProblems
          .cspViolations()
          .map((p) => p.text)
          .join('\n'),
      )
      .toContain("frame-ancestors 'none'");
    const victim = page.frames().find((f) => f.url() !== foreign.url && !f.url().endsWith('/own-page'));
    expect(victim, 'the frame meant for Rally').toBeDefined();
    expect(victim?.url()).not.toBe(`${SERVER_URL}/`);
    await expect(page.frameLocator('#victim').locator('#root')).toHaveCount(0);
    await expect(page.frameLocator('#victim').getByText('Hop On!')).toHaveCount(0);
    await snap(page, testInfo, 'security-1-framed-by-foreign-page');
  } finally {
    await foreign.close();
  }

  // Provoked on purpose: the guard must not fail this test for it.
  pageProblems.clear();
});

test('the CSP refuses injected inline script, event handlers and eval, and the guard records it', async ({ page, pageProblems }) => {
  await page.goto('/');
  await expect(landingCallToAction(page)).toBeVisible();
  expect(pageProblems.all, 'the page itself breaks nothing').toEqual([]);

  const outcome = await page.evaluate(async () => {
    const flags = window as unknown as Record<string, boolean | undefined>;
    // What an injected payload would try first: an inline <script>, an inline event handler.
    const script = document.createElement('script');
    script.textContent = 'window.__rallyInjectedScript = true';
    document.head.append(script);

    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__rallyInjectedHandler = true');
    img.src = 'data:,not-an-image';
    document.body.append(img);

    await new Promise((resolve) => setTimeout(resolve, 200));
    img.remove();
    script.remove();
    return {
      scriptRan: flags.__rallyInjectedScript === true,
      handlerRan: flags.__rallyInjectedHandler === true,
    };
  });
  expect(outcome).toEqual({ scriptRan: false, handlerRan: false });

  // eval, from a script of our own origin (code run by page.evaluate is exempt from the page's CSP).
  await page.route(`${SERVER_URL}/e2e-eval-attempt.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'try { eval("window.__rallyEvalRan = true"); } catch (e) { window.__rallyEvalRefused = e instanceof EvalError; }',
    }),
  );
  await page.addScriptTag({ url: '/e2e-eval-attempt.js' });
  const evaluated = await page.evaluate(() => {
    const flags = window as unknown as Record<string, boolean | undefined>;
    return { ran: flags.__rallyEvalRan === true, refused: flags.__rallyEvalRefused === true };
  });
  expect(evaluated).toEqual({ ran: false, refused: true });

  // The guard saw each refusal, as the events that name the directive (and the console lines).
  const refusals = () =>
    pageProblems
      .cspViolations()
      .filter((p) => p.source === 'event')
      .map((p) => p.text.split(' at ')[0]);
  await expect
    .poll(refusals)
    .toEqual(
      expect.arrayContaining(['script-src-elem refused inline (enforce)', 'script-src-attr refused inline (enforce)', 'script-src refused eval (enforce)']),
    );
  expect(pageProblems.cspViolations().some((p) => p.source === 'console')).toBe(true);

  // Provoked on purpose: the guard must not fail this test for it.
  pageProblems.clear();
});

test('the register dialog and its captcha work, styled, under the CSP', async ({ page, pageProblems }, testInfo) => {
  const dialog = await openRegisterDialog(page);
  await expect(captchaLabel(dialog)).toBeVisible();
  // The widget's own <style> (allowed by its hash) was applied, not refused: a refused one has no sheet.
  const widgetRules = await page.evaluate(() => (document.getElementById('altcha-css') as HTMLStyleElement | null)?.sheet?.cssRules.length ?? 0);
  expect(widgetRules).toBeGreaterThan(0);
  await captchaLabel(dialog).scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'security-2-register-dialog');

  // The proof of work runs in the widget's blob: workers.
  await solveCaptchaWidget(dialog);
  await snap(page, testInfo, 'security-3-register-captcha-verified');
  expect(pageProblems.all).toEqual([]);
});
