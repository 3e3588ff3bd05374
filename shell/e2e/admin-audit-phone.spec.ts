import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support.ts';

const FIELDS = ['When', 'Who', 'What', 'Whom', 'From where'];

test('on a phone (390 px) each audit entry is a card that keeps every field, named', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  // Saving the settings unchanged writes an audit entry, so the log is never empty here.
  const current = (await (await page.request.get('/api/admin/settings')).json()) as Record<string, unknown>;
  const { smtpPasswordSet: _set, updatedAt: _at, ...form } = current;
  expect((await page.request.put('/api/admin/settings', { data: form })).ok()).toBe(true);

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const card = page.getByTestId('audit-row').first();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(390);
  for (const field of FIELDS) {
    const cell = card.locator(`[data-label="${field}"]`);
    await expect(cell).toBeVisible();
    // The column's name is drawn above the value (the header row is for screen readers only here).
    expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(`"${field}"`);
    const cellBox = await cell.boundingBox();
    expect((cellBox?.x ?? -1) >= 0 && (cellBox?.x ?? 0) + (cellBox?.width ?? 0) <= 390).toBe(true);
  }
  const container = page.locator('[data-layout="card-table"]').locator('xpath=..');
  expect(await container.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // From md up it is the table it always was.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'From where' })).toBeVisible();
  expect(
    await card.locator('[data-label="When"]').evaluate((el) => getComputedStyle(el, '::before').content),
  ).toBe('none');
});
