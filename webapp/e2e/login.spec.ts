import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  viewports,
} from './support/fixtures';
import { signInApplicant } from './support/sign-in';

for (const viewport of viewports) {
  test.describe(`sign-in pages, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('applicant sign-in checks the e-mail beside the field, by keyboard', async ({ page }) => {
      await page.goto('/app/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your application' })).toBeVisible();
      const email = page.getByRole('textbox', { name: 'E-mail address' });
      await expect(email).toHaveAttribute('autocomplete', 'email');
      await email.fill('not-an-email');
      await email.press('Enter');
      await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'login');
    });

    test('create-account form names every field and asks for the TCPA consent without requiring it', async ({ page }) => {
      await page.goto('/app/login');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/app\/login\?mode=create$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await expect(page).toHaveTitle(/^Create an account \| /);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Enter your first name. Use at most 100 characters, without control characters.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
      const consent = page.getByRole('checkbox', { name: /call and text me about my application/ });
      await expect(consent).not.toBeChecked();
      await expect(consent).not.toHaveAttribute('aria-invalid', 'true');
      // The e-consent and the information sharing are needed to apply online.
      await expect(page.getByRole('checkbox', { name: /receive documents and notices electronically/ })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('checkbox', { name: /sharing of my information/ })).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('4155550101');
      await expect(page.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('(415) 555-0101');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'login-create');
    });

    test('staff sign-in asks for e-mail and password', async ({ page }) => {
      await page.goto('/portal/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('staff@example.com');
      await page.getByRole('textbox', { name: 'Password' }).fill('short');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Your password has at least 8 characters.')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'portal-login');
    });
  });
}

test('a signed-out visitor to an application page lands on sign-in with the SessionRequired message', async ({ page }) => {
  await page.goto('/app/application/1');
  await expect(page).toHaveURL('/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Fapplication%2F1');
  await expect(page.getByRole('alert')).toHaveText('Please sign in to see that page.');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your application' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a signed-out visitor to the portal lands on staff sign-in', async ({ page }) => {
  await page.goto('/portal/manage-users');
  await expect(page).toHaveURL('/portal/login?error=SessionRequired&callbackUrl=%2Fportal%2Fmanage-users');
  await expect(page.getByRole('alert')).toHaveText('Please sign in to see that page.');
});

test('a signed-in applicant’s header keeps Help and Sign out whole on a 320 px phone: the product’s name takes two lines', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInApplicant(page, 'prime@example.com');
  // The application page prime's sign-in resumes at (which one depends on
  // what this worker's earlier journeys did with the demo loan): the header
  // is drawn anew there, so it is measured (and photographed) once it has come.
  await expect(page).toHaveURL(/\/app\/application\/[\w-]+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  for (const control of [header.getByRole('link', { name: 'Help' }), header.getByRole('button', { name: 'Sign out' })]) {
    // Read once the header has settled (it renders again as the session and the page arrive).
    await expect
      .poll(async () => control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= 320 - 8;
      }))
      .toBe(true);
  }
  await expectNoHorizontalScroll(page);
  await header.screenshot({ path: 'e2e/artifacts/signed-in-header-320.png' });
});
