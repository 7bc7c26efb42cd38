import { focusFirstInvalid } from './form';

/** A form as the pages render one: two named fields, a hidden one, and the button. */
function aForm() {
  document.body.innerHTML = `
    <form>
      <input type="hidden" name="answers.annualIncome" />
      <input name="answers.annualIncome" aria-label="Gross annual income" />
      <input name="answers.monthlyDebts" aria-label="Monthly debt payments" />
      <button type="submit">Continue</button>
    </form>`;
  const form = document.querySelector('form')!;
  const [, income, debts] = Array.from(form.querySelectorAll('input'));
  return { form, income: income!, debts: debts!, button: form.querySelector('button')! };
}

const bothRefused = {
  answers: {
    annualIncome: { type: 'schema', message: 'Enter your gross annual income.' },
    monthlyDebts: { type: 'schema', message: 'Enter your monthly debt payments, or 0.' },
  },
};

describe('the first refused field takes the focus as the check ends', () => {
  it('focuses the first refused field in the page’s order, not a hidden twin', () => {
    const { form, income, button } = aForm();
    button.focus();
    const setFocus = vi.fn();
    focusFirstInvalid(form, bothRefused, button, setFocus);
    expect(income).toHaveFocus();
    expect(setFocus).not.toHaveBeenCalled();
  });

  it('never pulls the cursor out of a field the person moved to while the check ran', () => {
    const { form, debts, button } = aForm();
    button.focus();
    // Continue pressed, then the person went on typing in a field before the check ended.
    debts.focus();
    focusFirstInvalid(form, bothRefused, button, vi.fn());
    expect(debts).toHaveFocus();
  });

  it('moves from the field Enter was pressed in to the first refused one', () => {
    const { form, income, debts } = aForm();
    debts.focus();
    focusFirstInvalid(form, bothRefused, debts, vi.fn());
    expect(income).toHaveFocus();
  });

  it('reads a field’s error as one field, not the element its ref holds', () => {
    const { form, income, debts, button } = aForm();
    button.focus();
    const errors = { answers: { monthlyDebts: { type: 'schema', message: 'Enter your monthly debt payments, or 0.', ref: income } } };
    focusFirstInvalid(form, errors, button, vi.fn());
    expect(debts).toHaveFocus();
  });

  it('asks the form for a refused field whose control carries no name', () => {
    const { form, button } = aForm();
    button.focus();
    const setFocus = vi.fn();
    focusFirstInvalid(form, { answers: { propertyUsage: { type: 'schema', message: 'Choose how you use this home.' } } }, button, setFocus);
    expect(setFocus).toHaveBeenCalledWith('answers.propertyUsage');
  });
});
