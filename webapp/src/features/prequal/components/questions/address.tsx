import { SimpleGrid } from '@mantine/core';
import { useRef } from 'react';

import { CurrencyField, ZipField } from '@/components/form/fields';
import { TextField } from '@/components/form/text-field';

import type { FieldError } from '@/api/trpc-client';

import type { AnswerAddress, PrequalAnswers } from '../../api/get-answers';
import { lookupLicensing, type LicensingLookup } from '../../api/get-licensing';
import { AnswersForm, QuestionPage } from './question-form';
import { useLicenceCheck } from './zip';


/**
 * /prequal/address, the path's first page: the home's address and the
 * homeowner's own estimate of its value (no automated value is shown
 * before the account: the path makes it at the credit check). The ZIP code
 * is kept as the home's ZIP too, so the state follows from it and no later
 * page asks it again.
 */
export function AddressPage() {
  const checkLicence = useLicenceCheck();
  // The address's state must be its ZIP code's: the licensing lookup says
  // when it is not, in its words (the server refuses it too). The same
  // lookup then says whether the lender is licensed there. A ZIP code of no
  // state is left to the licence check.
  const looked = useRef<LicensingLookup | null>(null);
  const stateOfZip = async (answers: PrequalAnswers): Promise<FieldError[]> => {
    const { zip, state } = answers.address ?? {};
    looked.current = null;
    if (!zip || !state) return [];
    looked.current = await lookupLicensing(zip, { state });
    const { stateMismatch } = looked.current;
    return stateMismatch ? [{ path: 'address.state', message: stateMismatch }] : [];
  };
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm
          answers={{
            address: {
              line1: answers.address?.line1 ?? '',
              line2: answers.address?.line2 ?? '',
              city: answers.address?.city ?? '',
              state: answers.address?.state ?? '',
              zip: answers.address?.zip ?? '',
              county: answers.address?.county ?? '',
            },
            propertyValue: answers.propertyValue ?? null,
          }}
          // The schema says what each part must look like; these say which the page needs.
          required={{
            'address.line1': 'Enter the street address.',
            'address.city': 'Enter the city.',
            'address.state': 'Enter the state, like CA.',
            'address.zip': 'Enter the 5-digit ZIP code.',
            propertyValue: 'Enter your home’s estimated value.',
          }}
          // The schema checks the state's code; the page only takes it in capitals.
          toAnswers={(a) => ({
            address: { ...a.address, state: a.address.state.trim().toUpperCase() } as AnswerAddress,
            zip: a.address.zip,
            propertyValue: a.propertyValue ?? undefined,
          })}
          check={stateOfZip}
          onSaved={(saved) => checkLicence(saved.address?.zip, looked.current)}
        >
          <TextField name="answers.address.line1" label="Street address" autoComplete="address-line1" size="md" />
          <TextField name="answers.address.line2" label="Apartment, unit or suite (optional)" autoComplete="address-line2" size="md" />
          <TextField name="answers.address.city" label="City" autoComplete="address-level2" size="md" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextField
              name="answers.address.state"
              label="State"
              description="2 letters, like CA"
              autoComplete="address-level1"
              maxLength={2}
              size="md"
            />
            <ZipField name="answers.address.zip" label="ZIP code" size="md" />
            <TextField name="answers.address.county" label="County (optional)" size="md" />
          </SimpleGrid>
          <CurrencyField
            name="answers.propertyValue"
            label="Your estimate of your home’s value"
            description="What you think it would sell for today."
            size="md"
          />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
