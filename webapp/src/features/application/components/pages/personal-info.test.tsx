import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import PersonalInfoPage, { coversHistory } from './personal-info';
import { anApplicationView, pageBasics } from './test-views';

const address = { line1: '12 Harbor Way', line2: null, city: 'Oakland', state: 'CA', zip: '94607', county: null };

function view({ readOnly = false, coborrower = false, ssn, dateOfBirth }: { readOnly?: boolean; coborrower?: boolean; ssn?: string; dateOfBirth?: string } = {}) {
  const empty = { employments: [], incomeSources: [], formerAddresses: [], employmentGaps: [], mailingAddress: null };
  return anApplicationView({
    application: {
      user: { firstName: 'Ada', lastName: 'Park', email: 'ada@example.com', phone: '4155550101', ssn, dateOfBirth, ...empty },
      coborrower: coborrower ? { firstName: 'Ben', lastName: 'Park', email: 'ben@example.com', ...empty } : null,
    },
    readOnly,
    hasCoborrower: coborrower,
  });
}

const pages = {
  area: 'application',
  progress: null,
  pages: [],
  previous: null,
  next: { path: '/app/application/2', label: 'Property info', section: 'Property Info', area: 'application', step: 'application3', order: null },
};

function render() {
  return renderRoutes('/app/application/1', [
    { path: '/app/application/1', element: <PersonalInfoPage /> },
    { path: '/app/application/2', element: <p>Property page</p> },
  ]);
}

/** Fills the borrower's required fields with an address held for 5 years. */
async function fillBorrower(user: ReturnType<typeof userEvent.setup>) {
  const you = screen.getByRole('group', { name: 'You' });
  const w = within(you);
  await user.type(w.getByLabelText('Date of birth'), '04121985');
  await user.type(w.getByLabelText('Social Security number'), '123456789');
  await user.click(within(w.getByRole('radiogroup', { name: 'Citizenship' })).getByLabelText('U.S. citizen'));
  await user.click(within(w.getByRole('radiogroup', { name: 'Marital status' })).getByLabelText('Married'));
  await user.click(within(w.getByRole('radiogroup', { name: 'Military service' })).getByLabelText('I have not served'));
  await user.type(w.getByLabelText('Current address: street address'), '12 Harbor Way');
  await user.type(w.getByLabelText('Current address: city'), 'Oakland');
  await user.type(w.getByLabelText('Current address: state'), 'ca');
  await user.type(w.getByLabelText('Current address: ZIP code'), '94607');
  await user.click(within(w.getByRole('radiogroup', { name: 'Do you own or rent your current home?' })).getByLabelText('Currently Own'));
  await user.type(w.getByLabelText('Living at the current address since'), '06012015');
  await user.click(within(w.getByRole('radiogroup', { name: /mailing address different/ })).getByLabelText('No'));
}

describe('personal info page', () => {
  // The validators are one large module: loaded once here, not inside a test's time.
  beforeAll(() => loadValidators(), 30_000);
  it('shows the date of birth and SSN the credit check gave, to confirm, with Change to correct them (never asked twice)', { timeout: 30_000 }, async () => {
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view({ ssn: '***-**-0001', dateOfBirth: '1980-04-12' })),
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    render();
    const onFile = await screen.findByRole('region', { name: 'From your credit check' });
    expect(within(onFile).getByText('April 12, 1980')).toBeInTheDocument();
    expect(within(onFile).getByText('***-**-0001')).toBeInTheDocument();
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    await user.click(within(onFile).getByRole('button', { name: 'Change my date of birth or SSN' }));
    expect(screen.getByLabelText('Date of birth')).toHaveValue('04/12/1980');
    expect(screen.getByLabelText('Social Security number')).toHaveAccessibleDescription('We have ***-**-0001 on file. Leave this empty to keep it.');
  });

  it('starts from the saved application, says what is missing, and saves the section before going on', { timeout: 30_000 }, async () => {
    const saved: unknown[] = [];
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view()),
      'application.save': (input) => {
        saved.push(input);
        return ok(view());
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.queryByRole('group', { name: 'Your coborrower' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your date of birth as MM/DD/YYYY.')).toBeInTheDocument();
    expect(screen.getByText('Enter your Social Security number.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await fillBorrower(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/2'));
    expect(saved).toEqual([
      {
        path: '/app/application/1',
        section: {
          user: expect.objectContaining({
            firstName: 'Ada',
            lastName: 'Park',
            dateOfBirth: '1985-04-12',
            ssn: '123456789',
            citizenship: 'usCitizen',
            housing: 'Own',
            currentAddress: address,
            currentAddressSince: '2015-06-01',
            formerAddresses: [],
            mailingAddress: null,
          }),
          // Filled in by the schema's default, as the server would.
          coborrower: null,
        },
      },
    ]);
  });

  it('shows a field the server refused beside it, and keeps a stored SSN when left empty', { timeout: 30_000 }, async () => {
    const saved: { section: { user: { ssn?: string } } }[] = [];
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view({ ssn: '***-**-6789' })),
      'application.save': (input) => {
        saved.push(input as never);
        return trpcError('BAD_REQUEST', 400, 'Check the highlighted fields.', [
          { path: 'section.user.dateOfBirth', message: 'You must be at least 18 years old.' },
        ]);
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('We have ***-**-6789 on file. Leave this empty to keep it.')).toBeInTheDocument();
    await fillBorrower(user);
    await user.clear(screen.getByLabelText('Social Security number'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dob = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(dob).toHaveAccessibleDescription(expect.stringContaining('You must be at least 18 years old.')));
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    expect(saved[0]!.section.user).not.toHaveProperty('ssn');
  });

  it('asks for former addresses until the rules’ look-back is covered, in its words', async () => {
    const back = new Date();
    back.setMonth(back.getMonth() - 24);
    const history = { from: back.toISOString().slice(0, 10), months: 24, message: 'Add your former addresses until the last 24 months are covered.' };
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.addressHistory': () => ok(history),
      'application.get': () => ok(view()),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'application.saveDraft': () => ok({ savedAt: '2026-11-25T10:00:00Z' }),
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    render();
    const since = await screen.findByLabelText('Living at the current address since');
    const recent = new Date();
    recent.setMonth(recent.getMonth() - 6);
    const mm = String(recent.getMonth() + 1).padStart(2, '0');
    await user.type(since, `${mm}01${recent.getFullYear()}`);
    await user.click(screen.getByRole('button', { name: 'Add a former address' }));
    expect(screen.getByRole('group', { name: 'Former address 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(history.message)).toBeInTheDocument();
    expect(screen.getByText(/lived for the last 24 months/)).toBeInTheDocument();
    // The new address ends where the current one began.
    expect(screen.getByLabelText('Moved out of former address 1')).toHaveValue(`${mm}/01/${recent.getFullYear()}`);
  });

  it('keeps what is typed as a draft, without the SSN, and lays a draft over the saved values', { timeout: 15_000 }, async () => {
    const drafts: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view()),
      'application.draft': () => ok({ draft: { section: { user: { middleName: 'Lovelace' } } }, savedAt: '2026-11-25T09:00:00Z' }),
      'application.saveDraft': (input) => {
        drafts.push(input);
        return ok({ savedAt: '2026-11-25T10:00:00Z' });
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByLabelText('Middle name (optional)')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    await user.type(screen.getByLabelText('Social Security number'), '123456789');
    await user.type(screen.getByLabelText('Last name'), 'er');
    await waitFor(() => expect(drafts).toHaveLength(1), { timeout: 3000 });
    const sent = drafts[0] as { path: string; draft: { section: { user: Record<string, unknown> } } };
    expect(sent.path).toBe('/app/application/1');
    expect(sent.draft.section.user.lastName).toBe('Parker');
    expect(sent.draft.section.user).not.toHaveProperty('ssn');
  });

  it('says so when what is typed is too long to keep as a draft, and sends nothing', { timeout: 15_000 }, async () => {
    const drafts: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view()),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'application.saveDraft': (input) => {
        drafts.push(input);
        return ok({ savedAt: '2026-11-25T10:00:00Z' });
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    render();
    const middle = await screen.findByLabelText('Middle name (optional)');
    await user.type(middle, 'L');
    await waitFor(() => expect(drafts).toHaveLength(1), { timeout: 3000 });
    expect(await screen.findByText(/^Draft kept at/)).toBeVisible();
    // Past the draft's bound nothing is sent, and the page says what is typed is not kept yet.
    await user.click(middle);
    await user.paste('x'.repeat(70 * 1024));
    expect(await screen.findByText('Your latest changes aren’t kept yet. They will be saved when you continue.', {}, { timeout: 3000 })).toBeVisible();
    expect(drafts).toHaveLength(1);
  });

  it('shows the coborrower’s block for a loan with one, and nothing to change after submission', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view({ readOnly: true, coborrower: true })),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'funnel.pages': () => ok(pages),
    });
    render();
    const cob = await screen.findByRole('group', { name: 'Your coborrower' });
    expect(within(cob).getByLabelText('E-mail address')).toHaveValue('ben@example.com');
    expect(within(cob).getByLabelText('First name')).toBeDisabled();
    expect(screen.getByText('Your application has been submitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});

describe('the addresses’ look-back', () => {
  const from = '2024-11-25';
  it('counts from the earliest move-in, back to the day the rules give', () => {
    expect(coversHistory({ currentAddressSince: '2025-01-01', formerAddresses: [] }, from)).toBe(false);
    expect(coversHistory({ currentAddressSince: '2024-11-25', formerAddresses: [] }, from)).toBe(true);
    const former = { address: {} as never, housing: null, movedOut: '2025-01-01' };
    expect(coversHistory({ currentAddressSince: '2025-01-01', formerAddresses: [{ ...former, movedIn: '2023-05-01' }] }, from)).toBe(true);
    expect(coversHistory({ currentAddressSince: '01/01', formerAddresses: [] }, from)).toBeNull();
    // Until the look-back is known, nothing is asked.
    expect(coversHistory({ currentAddressSince: '2025-01-01', formerAddresses: [] }, undefined)).toBeNull();
  });
});
