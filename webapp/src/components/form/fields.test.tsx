import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '@/testing/test-utils';

import { ChoiceField, CurrencyField, DateField, SsnField, YesNoField, ZipField } from './fields';
import { Form } from './form';
import { CheckboxField, PhoneField } from './text-field';
import { useSchemaForm } from './use-schema-form';

type Values = {
  answers: {
    propertyValue: number | null;
    zip: string;
    isSelfEmployed: boolean | null;
    creditRange: string | null;
  };
  phone: string;
  dateOfBirth: string;
  ssn: string;
  agree: boolean;
};

const initial: Values = {
  answers: { propertyValue: null, zip: '', isSelfEmployed: null, creditRange: null },
  phone: '',
  dateOfBirth: '',
  ssn: '',
  agree: false,
};

/** A form of every kind of field, validated as a question page is (prequal.save's input). */
function Harness({ onSubmit, defaults = initial }: { onSubmit: (values: unknown) => void; defaults?: Values }) {
  const form = useSchemaForm('PrequalSaveInput', {
    defaultValues: defaults,
    toInput: (v: Values) => ({
      path: '/app/initial-setup/property-value',
      answers: Object.fromEntries(Object.entries(v.answers).filter(([, x]) => x !== null && x !== '')),
    }),
    required: { 'answers.propertyValue': 'Enter your home’s estimated value.', 'answers.isSelfEmployed': 'Choose yes or no.' },
  });
  return (
    <Form form={form} onSubmit={(input) => onSubmit({ input, values: form.getValues() })}>
      <CurrencyField name="answers.propertyValue" label="Estimated home value" />
      <ZipField name="answers.zip" label="ZIP code" />
      <YesNoField name="answers.isSelfEmployed" label="Are you self-employed?" />
      <ChoiceField
        name="answers.creditRange"
        label="Your credit score range"
        choices={[
          { value: 'excellent', label: 'Excellent' },
          { value: 'good', label: 'Good' },
        ]}
      />
      <PhoneField name="phone" label="Mobile phone" />
      <DateField name="dateOfBirth" label="Date of birth" />
      <SsnField name="ssn" label="Social Security number" />
      <CheckboxField name="agree" label="I agree to the terms shown above." />
      <Button type="submit">Continue</Button>
    </Form>
  );
}

function describedBy(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('form fields', () => {
  it('refuses Continue with each message beside its field: aria-invalid, and the message named by aria-describedby', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <Harness onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '941');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const value = screen.getByRole('textbox', { name: 'Estimated home value' });
    // The first check waits for the generated validators to load.
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    expect(describedBy(value)).toContain('Enter your home’s estimated value.');
    // The schema's own message for a ZIP of the wrong shape (#Zip5).
    const zip = screen.getByRole('textbox', { name: 'ZIP code' });
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(zip)).toContain('Enter a 5-digit ZIP code.');
    // The yes/no question is a radio group named by its question, its message tied to it.
    const group = screen.getByRole('radiogroup', { name: 'Are you self-employed?' });
    expect(describedBy(group)).toContain('Choose yes or no.');
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    // The first field with a message takes the focus.
    expect(value).toHaveFocus();
  });

  it('stores what the server takes and shows it masked', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <Harness onSubmit={onSubmit} />);
    const value = screen.getByRole('textbox', { name: 'Estimated home value' });
    await user.type(value, '1250000');
    expect(value).toHaveValue('$1,250,000');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '94110-1234');
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('94110');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    const phone = screen.getByRole('textbox', { name: 'Mobile phone' });
    await user.type(phone, '4155550101');
    expect(phone).toHaveValue('(415) 555-0101');
    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(dob, '031485');
    expect(dob).toHaveValue('03/14/85');
    const ssn = screen.getByRole('textbox', { name: 'Social Security number' });
    await user.type(ssn, '123456789');
    expect(ssn).toHaveValue('123-45-6789');
    // Leaving the fields: the two-digit year becomes 20xx, the SSN shows its last four only.
    await user.tab();
    expect(dob).toHaveValue('03/14/2085');
    expect(ssn).toHaveValue('***-**-6789');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms shown above.' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const { input, values } = onSubmit.mock.calls[0]![0] as { input: unknown; values: Values };
    expect(input).toEqual({
      path: '/app/initial-setup/property-value',
      answers: { propertyValue: 1250000, zip: '94110', isSelfEmployed: false, creditRange: 'good' },
    });
    expect(values).toMatchObject({ phone: '4155550101', dateOfBirth: '2085-03-14', ssn: '123456789', agree: true });
  });

  it('shows saved values masked, and a field goes back to its digits when focused again', async () => {
    const user = userEvent.setup();
    renderAt(
      '/',
      <Harness
        onSubmit={vi.fn()}
        defaults={{
          ...initial,
          answers: { propertyValue: 480000, zip: '94110', isSelfEmployed: true, creditRange: 'excellent' },
          phone: '2125550123',
          dateOfBirth: '1980-12-01',
          ssn: '987654321',
        }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Estimated home value' })).toHaveValue('$480,000');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Excellent' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('(212) 555-0123');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('12/01/1980');
    const ssn = screen.getByRole('textbox', { name: 'Social Security number' });
    expect(ssn).toHaveValue('***-**-4321');
    await user.click(ssn);
    expect(ssn).toHaveValue('987-65-4321');
  });

  it('is usable by keyboard: Tab reaches every control, arrows choose a radio, space ticks the box', async () => {
    const user = userEvent.setup();
    renderAt('/', <Harness onSubmit={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Estimated home value' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Excellent' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Social Security number' })).toHaveFocus();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms shown above.' })).toBeChecked();
  });

  it('refuses letters in a money field with its message, never stripping them', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <Harness onSubmit={onSubmit} />);
    const value = screen.getByRole('textbox', { name: 'Estimated home value' });
    await user.type(value, 'abc12x');
    // What was typed stays as typed: not "$12".
    expect(value).toHaveValue('abc12x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The first check waits for the generated validators to load.
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    expect(describedBy(value)).toContain("Enter your home’s estimated value, up to 100,000,000 dollars.");
    expect(onSubmit).not.toHaveBeenCalled();

    // Corrected, the amount is stored as dollars and shown with $ and commas.
    await user.clear(value);
    await user.type(value, '$1,250,000');
    expect(value).toHaveValue('$1,250,000');
    await waitFor(() => expect(value).not.toHaveAttribute('aria-invalid'));
  });

  it('says a date is wrong in the format the field shows, MM/DD/YYYY, whether it is unfinished or left empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    function DateHarness() {
      const form = useSchemaForm('CreditCheckInput', {
        defaultValues: { party: 'borrower', dateOfBirth: '', ssn: '123456789', authorizationVersion: 'v1' },
        toInput: (v: { party: string; dateOfBirth: string; ssn: string; authorizationVersion: string }) => v,
      });
      return (
        <Form form={form} onSubmit={onSubmit}>
          <DateField name="dateOfBirth" label="Date of birth" />
          <Button type="submit">Continue</Button>
        </Form>
      );
    }
    renderAt('/', <DateHarness />);
    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(dob).toHaveAttribute('aria-invalid', 'true'));
    expect(describedBy(dob)).toContain('Enter a real date, as MM/DD/YYYY.');
    await user.type(dob, '1314');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(describedBy(dob)).toContain('Enter a real date, as MM/DD/YYYY.'));
    expect(describedBy(dob)).not.toContain('yyyy-MM-dd');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
