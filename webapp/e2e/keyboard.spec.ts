import type { Page } from '@playwright/test';

import { expect, test } from './support/fixtures';

// Tab alone reaches every control of a funnel page, in the page's order:
// each text field, check box and button, and each radio group (Tab enters a
// group once; the arrow keys move inside it, as the ARIA radio group does).

/** A name for the focused control: its role, and its label or its group's. */
async function focusedControl(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || !el.closest('main')) return null;
    const input = el as HTMLInputElement;
    if (input.type === 'radio') {
      const group = el.closest('[role="radiogroup"]');
      const label = group?.getAttribute('aria-labelledby');
      return `radiogroup:${label ? document.getElementById(label)?.textContent?.trim() : group?.getAttribute('aria-label')}`;
    }
    const label = input.labels?.[0]?.textContent?.trim() ?? el.getAttribute('aria-label') ?? el.textContent?.trim();
    return `${el.tagName.toLowerCase()}${input.type ? `[${input.type}]` : ''}:${label}`;
  });
}

/** Every control of the page's main content that Tab must reach, named as focusedControl names it. */
async function controls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names = new Set<string>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main input, main button, main a[href], main textarea, main select'))) {
      if (el.offsetParent === null || (el as HTMLInputElement).disabled || el.getAttribute('tabindex') === '-1') continue;
      const input = el as HTMLInputElement;
      if (input.type === 'hidden') continue;
      if (input.type === 'radio') {
        const group = el.closest('[role="radiogroup"]');
        const label = group?.getAttribute('aria-labelledby');
        names.add(`radiogroup:${label ? document.getElementById(label)?.textContent?.trim() : group?.getAttribute('aria-label')}`);
        continue;
      }
      const label = input.labels?.[0]?.textContent?.trim() ?? el.getAttribute('aria-label') ?? el.textContent?.trim();
      names.add(`${el.tagName.toLowerCase()}${input.type ? `[${input.type}]` : ''}:${label}`);
    }
    return [...names];
  });
}

for (const path of ['/start/name', '/start/phone', '/app/initial-setup/has-fbm', '/app/initial-setup/credit-range', '/app/initial-setup/mortgage-estimate']) {
  test(`Tab reaches every control of ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's form, once what it shows (a consent's wording, say) has loaded.
    await expect(page.locator('main form input:enabled').first()).toBeVisible();
    const wanted = await controls(page);
    expect(wanted.length).toBeGreaterThan(1);
    const reached = new Set<string>();
    for (let i = 0; i < 60 && reached.size < wanted.length; i++) {
      await page.keyboard.press('Tab');
      const name = await focusedControl(page);
      if (name && wanted.includes(name)) reached.add(name);
    }
    expect([...reached].sort()).toEqual([...wanted].sort());
  });
}
