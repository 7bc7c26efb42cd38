import type { FieldValues, ResolverOptions } from 'react-hook-form';

import openapi from '../../../schemas/openapi.json';

import { schemaResolver, type DefinitionName } from './schema-resolver';

// The messages are read from the export, not written again here: they are
// CUE's (schemas/common.cue, api.cue), carried as x-message.
const schemas = openapi.components.schemas;
const emailMessage = schemas.Email['x-message'];
const passwordMessage = schemas.Password['x-message'];

const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };

// What every new account agrees to (identity.createAccount needs both).
const consents = {
  eConsent: true,
  informationSharingConsent: true,
  consentVersions: { eConsent: 'esign-2026-11', informationSharing: 'sharing-2026-11' },
};

function validate(definition: DefinitionName, values: FieldValues, toInput?: (v: FieldValues) => object) {
  return schemaResolver(definition, toInput)(values, undefined, options);
}

describe('schemaResolver', () => {
  it('gives CUE’s e-mail message at email for an address that is not one', async () => {
    const { errors } = await validate('SignInInput', { email: 'ana@' });
    expect(emailMessage).toBe('Enter an e-mail address like name@example.com.');
    expect(errors).toEqual({ email: { type: 'pattern', message: emailMessage } });
  });

  it('gives the password message for a short password', async () => {
    const { errors } = await validate('PasswordSignInInput', { email: 'ana@example.com', password: 'seven77' });
    expect(passwordMessage).toMatch(/8 characters/);
    expect(errors).toEqual({ password: { type: 'pattern', message: passwordMessage } });
  });

  it('passes a valid input, handing on the call’s input with the definition’s defaults', async () => {
    const result = await validate('CreateAccountInput', { email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', ...consents });
    expect(result).toEqual({
      values: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', phone: null, tcpaConsent: false, ...consents },
      errors: {},
    });
  });

  it('takes an empty field as not given: a required one gets its field’s message, an optional one passes', async () => {
    const { errors } = await validate('CreateAccountInput', { email: '', firstName: '', lastName: 'Diaz', phone: '', password: '', ...consents });
    expect(errors).toEqual({
      email: { type: 'required', message: emailMessage },
      firstName: { type: 'required', message: schemas.AccountInput.properties.firstName['x-message'] },
    });
  });

  it('says every failing field at once, each in its own words', async () => {
    const { errors } = await validate('CreateAccountInput', {
      email: 'ana',
      firstName: ' ',
      lastName: 'Diaz',
      phone: '415555',
      password: 'short',
      ...consents,
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'password', 'phone']);
    expect(errors.phone?.message).toBe(schemas.Phone['x-message']);
    expect(errors.firstName?.message).toBe('Enter your first name. Use at most 100 characters, without control characters.');
  });

  it('validates what toInput makes of the form’s values', async () => {
    const toInput = (v: FieldValues) => ({ email: v.email.trim(), otpCode: v.code.replace(/\s/g, '') });
    expect(await validate('CodeSignInInput', { email: ' ana@example.com ', code: '123 456' }, toInput)).toEqual({
      values: { email: 'ana@example.com', otpCode: '123456' },
      errors: {},
    });
    const { errors } = await validate('CodeSignInInput', { email: 'ana@example.com', code: '12345' }, toInput);
    expect(errors).toEqual({ otpCode: { type: 'pattern', message: schemas.OtpCode['x-message'] } });
  });

  it('gives a required consent left unticked its own message', async () => {
    const { errors } = await validate('CreateAccountInput', {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      ...consents,
      eConsent: false,
    });
    expect(errors).toEqual({ eConsent: { type: expect.any(String), message: 'Agree to receive documents electronically to continue.' } });
  });

  it('words a value CUE has no message for as the server does', async () => {
    const { errors } = await validate('CreateAccountInput', {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      tcpaConsent: 'yes',
      ...consents,
    });
    expect(errors).toEqual({ tcpaConsent: { type: 'type', message: 'This field has the wrong type.' } });
  });
});
