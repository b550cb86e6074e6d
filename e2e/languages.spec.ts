import { expect, test, type Page } from '@playwright/test';
import { apiFor, shot, SIGNED_OUT } from './support';

// Three languages (issue 30 item 4): the language choice in the user menu, kept on the server across
// a reload; SQL Lab, the chart gallery and a dashboard in French and German, with their numbers in
// the language's notation; and a first visit that follows the browser's language.

async function chooseLanguage(page: Page, current: RegExp, name: string): Promise<void> {
  await page.getByRole('button', { name: /^(User menu for|Menu utilisateur de|Benutzermenü für)/ }).click();
  await page.getByRole('menuitem', { name: current }).hover();
  await page.getByRole('menuitemradio', { name }).click();
}

test.describe('the language choice', () => {
  test.afterEach(async ({ page }) => {
    // the e2e store is shared by every spec signed in as admin: leave "follow the browser" behind
    const api = await apiFor(page);
    await api.send('PUT', '/api/v1/me/preferences/', { language: null });
  });

  test('French then German from the user menu: kept after a reload, SQL Lab, the gallery and a dashboard in each', async ({ page }) => {
    test.setTimeout(120_000);
    const api = await apiFor(page);
    await page.goto('/rama/welcome/');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

    await chooseLanguage(page, /^Language/, 'Français');
    await expect(page.getByRole('heading', { name: /^Bienvenue/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect
      .poll(async () => (await api.get<{ result: { language: string | null } }>('/api/v1/me/preferences/')).result.language)
      .toBe('fr');

    // stored for the user: a reload draws French again, the navigation included
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Bienvenue/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Tableaux de bord' })).toBeVisible();
    await shot(page, 'language-fr-welcome');

    // SQL Lab: its toolbar and a result whose number reads in French notation
    await page.goto('/sqllab/');
    const editor = page.locator('.cm-content').first();
    await expect(editor).toBeVisible({ timeout: 20_000 });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('SELECT 1234567.5 AS amount');
    await page.getByRole('button', { name: /^Exécuter/ }).click();
    await expect(page.getByText(/1 ligne/).first()).toBeVisible({ timeout: 20_000 });
    await shot(page, 'language-fr-sqllab');

    // the chart gallery: categories and chart type names in French
    await page.goto('/chart/add/');
    await expect(page.getByText('Tous les graphiques').first()).toBeVisible();
    // a chart type's name comes from its own folder's locales/fr.json
    await expect(page.getByText('Graphique en secteurs').first()).toBeVisible();
    await shot(page, 'language-fr-gallery');

    // a dashboard: big numbers and axes in French notation (narrow no-break space groups)
    await page.goto('/rama/dashboard/flights/');
    const flights = page.locator('[data-test="dashboard-chart"]', { hasText: 'Flights' }).first();
    await expect(flights).toContainText('3\u202f000\u202f000', { timeout: 30_000 });
    await shot(page, 'language-fr-dashboard');

    // German from the same menu, now named in French
    await chooseLanguage(page, /^Langue/, 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('[data-test="dashboard-chart"]', { hasText: 'Flights' }).first()).toContainText('3.000.000', {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: /Dashboard bearbeiten/ })).toBeVisible();
    await shot(page, 'language-de-dashboard');

    await page.goto('/sqllab/');
    await expect(page.locator('.cm-content').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: /^Ausführen/ })).toBeVisible();
    await shot(page, 'language-de-sqllab');

    await page.goto('/chart/add/');
    await expect(page.getByText('Alle Diagramme').first()).toBeVisible();
    await expect(page.getByText('Kreisdiagramm').first()).toBeVisible();
    await shot(page, 'language-de-gallery');

    // back to the browser's language (English here)
    await chooseLanguage(page, /^Sprache/, 'Wie im Browser');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('All charts').first()).toBeVisible();
  });
});

test.describe('a first visit', () => {
  test.use({ storageState: SIGNED_OUT, locale: 'de-DE' });

  test('follows the browser: a German browser gets the login page in German, an error message from the server too', async ({ page }) => {
    await page.goto('/login/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel('Benutzername').fill('nobody');
    await page.getByLabel('Passwort').fill('wrong-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText(/^Ungültige Anmeldedaten/)).toBeVisible();
    await shot(page, 'language-de-login');
  });
});
