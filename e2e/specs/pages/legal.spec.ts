import { snap } from '../../fixtures/screenshots';
import { SERVER_PORT, SERVER_URL } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';
import { solveCaptchaWidget } from '../../fixtures/ui';

/** Each legal page: its English heading, then (language switched to Turkish) its Turkish one. */
const LEGAL_PAGES = [
  ['/tos', 'Terms of Service', 'Hizmet Koşulları'],
  ['/privacy', 'Privacy Policy', 'Gizlilik Politikası'],
  ['/ss', 'Distance Sales Agreement', 'Mesafeli Satış Sözleşmesi'],
  ['/iptal', 'Cancellation and Refund Policy', 'İptal ve İade Politikası'],
  ['/guidelines', 'Community Guidelines', 'Topluluk Kuralları'],
  ['/jobs', 'Jobs', 'Kariyer'],
  ['/contact', 'Contact', 'İletişim'],
] as const;

const languageSwitch = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: /language|dil/i });

test('every legal page shows its text in English and, after switching the language, in Turkish', async ({ page }, testInfo) => {
  for (const [path, english, turkish] of LEGAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: english })).toBeVisible();
    await languageSwitch(page).selectOption('tr');
    await expect(page.getByRole('heading', { level: 1, name: turkish })).toBeVisible();
    if (path === '/privacy') {
      // The KVKK rights and the operator's name (OPERATOR_NAME, Rally by default) are in the text.
      await expect(page.getByRole('heading', { level: 2, name: 'Hakların' })).toBeVisible();
      await expect(page.getByText('Veri sorumlusu: Rally')).toBeVisible();
      await snap(page, testInfo, 'pages-1-privacy-tr');
    }
    await languageSwitch(page).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: english })).toBeVisible();
    if (path === '/privacy') {
      await expect(page.getByRole('table')).toContainText('Sessions');
      await snap(page, testInfo, 'pages-2-privacy-en');
    }
    if (path === '/tos') await snap(page, testInfo, 'pages-3-tos-en');
  }
  // A link of the text goes to another page of the site.
  await page.goto('/tos');
  await page.getByRole('main').getByRole('link', { name: 'Community Guidelines' }).first().click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
});

test("the terms name the address the server runs at: PUBLIC_URL's default follows HOST and PORT (not port 3000)", async ({ page }) => {
  // The suite's server leaves PUBLIC_URL unset and listens on 127.0.0.1:E2E_PORT (e2e/playwright.config.ts).
  expect(SERVER_PORT).not.toBe(3000);
  await page.goto('/tos');
  const terms = page.getByRole('article');
  await expect(terms).toContainText(`who runs the Rally service at ${SERVER_URL}`);
  await expect(terms).not.toContainText('localhost:3000');
});

test('the licences page lists the packages Rally runs with and filters them', async ({ page }, testInfo) => {
  await page.goto('/licenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Third-party packages and their licences' });
  await expect(table.getByRole('row').filter({ has: page.getByRole('link', { name: 'react', exact: true }) })).toContainText('MIT');
  await expect(table.getByRole('link', { name: 'fastify', exact: true })).toBeVisible();
  await snap(page, testInfo, 'pages-4-licenses');
  await page.getByRole('searchbox', { name: 'Filter by package or licence' }).fill('fastify');
  await expect(table.getByRole('link', { name: 'fastify', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'react', exact: true })).toHaveCount(0);
});

test('the download page disables the button with a note while no Windows download is configured', async ({ page }, testInfo) => {
  await page.goto('/download');
  await expect(page.getByRole('heading', { level: 1, name: 'Download Rally' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download for Windows' })).toBeDisabled();
  await expect(page.getByText('The Windows app is not available yet.')).toBeVisible();
  await snap(page, testInfo, 'pages-5-download');
});

test('the security page shows the response times and sends a report to the security contact', async ({ page, context }, testInfo) => {
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  for (const [days, label] of [
    ['2 days', 'First response'],
    ['2 days', 'Triage'],
    ['7 days', 'Resolution'],
  ] as const)
    await expect(page.getByRole('listitem').filter({ hasText: label })).toContainText(days);

  const title = `Stored XSS ${Date.now().toString(36)}`;
  const send = page.getByRole('button', { name: 'Send report' });
  await page.getByRole('textbox', { name: 'Your e-mail' }).fill('finder@example.com');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('short');
  await page.getByRole('textbox', { name: 'Description' }).blur();
  await expect(page.getByText('Please describe the issue in 20 to 10,000 characters')).toBeVisible();
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Description' }).fill('1. Open a profile\n2. The bio runs a script');
  await solveCaptchaWidget(page.locator('form'));
  await snap(page, testInfo, 'pages-6-security-form');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'your report was sent' })).toBeVisible();
  await snap(page, testInfo, 'pages-7-security-sent');

  // The mail reached the outbox (no SMTP_URL in the e2e server), addressed to the security contact.
  const outbox = await context.newPage();
  await outbox.goto('/dev/outbox');
  await expect(outbox.getByRole('article').filter({ hasText: title })).toContainText('The bio runs a script');
  await outbox.close();
});
