import { expect, type Page, test } from '@playwright/test';
import { E2E } from './harness/e2e-config.ts';
import { type TLanguage, whileSpeaking } from './people.ts';
import { collectPageErrors, DEMO } from './support.ts';

/**
 * The knowledge base speaks the reader's language (docs/architecture.md#languages): its texts come from
 * mf-kb's own catalogue, one file per language fetched once from the remote's origin.
 */

const TEXTS = {
  es: {
    categories: 'Categorías',
    popular: 'Artículos populares',
    search: 'Buscar artículos',
    results: 'Resultados de búsqueda para «vpn»',
    back: 'Volver a la base de conocimientos',
    helpful: '¿Te ha resultado útil?',
    yes: 'Sí',
  },
  fr: {
    categories: 'Catégories',
    popular: 'Articles populaires',
    search: 'Rechercher des articles',
    results: 'Résultats de recherche pour « vpn »',
    back: 'Retour à la base de connaissances',
    helpful: 'Cet article vous a-t-il aidé ?',
    yes: 'Oui',
  },
  de: {
    categories: 'Kategorien',
    popular: 'Beliebte Artikel',
    search: 'Artikel suchen',
    results: 'Suchergebnisse für „vpn“',
    back: 'Zurück zur Wissensdatenbank',
    helpful: 'War das hilfreich?',
    yes: 'Ja',
  },
} as const;

/** mf-kb's language files the page fetches from now on. */
function kbCatalogueRequests(page: Page): string[] {
  const urls: string[] = [];
  const origin = `http://127.0.0.1:${E2E.ports.mfKb}/`;
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(origin) && /\/static\/assets\/[a-z]{2}\.[0-9a-f]+\.json$/.test(url)) urls.push(url);
  });
  return urls;
}

for (const [language, text] of Object.entries(TEXTS)) {
  test(`a browser preferring ${language} reads the knowledge base in it, from the keyboard`, async ({
    browser,
  }) => {
    await whileSpeaking(DEMO.user, language as TLanguage, async () => {
      const context = await browser.newContext({ locale: language, baseURL: E2E.baseUrl });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const catalogues = kbCatalogueRequests(page);
      // The sign-in screen speaks the same language; its username box has the focus.
      await page.goto('/login');
      await expect(page.locator('input').first()).toBeFocused();
      await page.keyboard.type(DEMO.user.username);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO.user.password);
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/login/);

      await page.goto('/kb');
      await expect(page.getByRole('heading', { name: text.categories })).toBeVisible();
      await expect(page.getByTestId('kb-popular-articles')).toContainText(text.popular);
      const search = page.getByRole('searchbox', { name: text.search });
      await search.focus();
      await page.keyboard.type('vpn');
      await expect(page.getByTestId('kb-search-title')).toHaveText(text.results);
      const result = page.getByTestId('kb-search-results').getByRole('link').first();
      await result.focus();
      await result.press('Enter');

      await expect(page.getByTestId('back-to-kb')).toHaveText(text.back);
      await expect(page.getByTestId('helpful-box')).toContainText(text.helpful);
      await expect(page.getByTestId('helpful-yes')).toHaveText(text.yes);
      expect(catalogues).toHaveLength(1);
      expect(catalogues[0]).toMatch(new RegExp(`/${language}\\.[0-9a-f]+\\.json$`));
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
