import { expect, type Page } from '@playwright/test';

// The sandbox outbox at /dev/outbox, rendered by the server (not a page of
// the app): one <article data-to="<address>"> per message, newest first,
// with the subject in <h2> and the text in <pre>.

/** The 6-digit code of the newest message to `email` that is not one of `seen`, read in a tab of its own. */
export async function latestCode(page: Page, email: string, seen: string[] = []): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    let code = '';
    await expect(async () => {
      const res = await outbox.goto('/dev/outbox');
      expect(res?.status()).toBe(200);
      const texts = await outbox.locator(`article[data-to="${email}"] pre`).allTextContents();
      const codes = texts.map((t) => /\b(\d{6})\b/.exec(t)?.[1]).filter((c): c is string => Boolean(c));
      code = codes.find((c) => !seen.includes(c)) ?? '';
      expect(code, `a new sign-in code for ${email} in the outbox`).not.toBe('');
    }).toPass({ timeout: 10_000 });
    return code;
  } finally {
    await outbox.close();
  }
}

/** The path and query (`/portal/invite?token=...`) of the newest link under `prefix` mailed to `email` that is not one of `seen`. */
export async function latestLink(page: Page, email: string, prefix: string, seen: string[] = []): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    let link = '';
    await expect(async () => {
      const res = await outbox.goto('/dev/outbox');
      expect(res?.status()).toBe(200);
      const texts = await outbox.locator(`article[data-to="${email}"] pre`).allTextContents();
      const pattern = new RegExp(`https?://[^\\s/]+(${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?[^\\s]+)`);
      const links = texts.map((t) => pattern.exec(t)?.[1]).filter((l): l is string => Boolean(l));
      link = links.find((l) => !seen.includes(l)) ?? '';
      expect(link, `a new ${prefix} link for ${email} in the outbox`).not.toBe('');
    }).toPass({ timeout: 10_000 });
    return link;
  } finally {
    await outbox.close();
  }
}
