import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/session';

/**
 * Each route loads only its own texts (issue #17): one chunk per language and
 * namespace (src/locales/<language>/<namespace>.json, built as <namespace>-<hash>.js).
 */
const TEXT_CHUNK =
  /\/assets\/texts-(?:en|bn)-(auth|common|errors|home|menu|profile|records|reports|reservation|screens|seat-map|settings|ticket-operation)-[\w-]{8}\.js$/;

/** The namespaces of the text chunks the page requests from now on, one entry per chunk. */
function textChunks(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const namespace = TEXT_CHUNK.exec(new URL(request.url()).pathname)?.[1];
    if (namespace) loaded.push(namespace);
  });
  return loaded;
}

const SIGN_IN_TEXTS = ['auth', 'common', 'errors', 'menu'];

test('the sign-in page waits for its own texts only, in English', async ({ page }) => {
  const loaded = textChunks(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect([...loaded].sort()).toEqual(SIGN_IN_TEXTS);
});

test('in Bengali the sign-in page loads the same namespaces in Bengali and English (the fallback)', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('agent-portal.language', 'bn'));
  const loaded = textChunks(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'সাইন ইন' })).toBeVisible();
  expect([...loaded].sort()).toEqual(SIGN_IN_TEXTS.flatMap((ns) => [ns, ns]));
});

test("switching language on a screen loads that screen's texts in the new language", async ({ page }, info) => {
  await signIn(page, DEMO.agent);
  await page.goto('/ticket-operation');
  await expect(page.getByText('Find a ticket', { exact: true }).first()).toBeVisible();

  const loaded = textChunks(page);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  await expect(page.getByText('টিকিট খুঁজুন', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle('Agent: টিকিট অপারেশন');
  expect(loaded).toContain('ticket-operation');
  await page.screenshot({ path: info.outputPath('ticket-operation-bn.png'), fullPage: true });

  // Another screen, first opened in Bengali, loads its texts with it.
  await page.goto('/deposit');
  await expect(page.getByText('ডিপোজিটের অনুরোধসমূহ', { exact: true }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('deposit.');

  // Back to English for the tests that follow in this browser profile.
  await page.getByRole('button', { name: 'ভাষা' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByText('Deposit requests', { exact: true }).first()).toBeVisible();
});
