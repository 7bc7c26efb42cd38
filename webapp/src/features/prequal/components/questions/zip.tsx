import { useNavigate } from 'react-router';

import { ZipField } from '@/components/form/fields';
import { paths } from '@/config/paths';

import { lookupLicensing, type LicensingLookup } from '../../api/get-licensing';
import { AnswersForm, QuestionPage } from './question-form';

/** Where a visitor goes whose home is in a state we do not lend in yet. */
export function waitlistPath(zip: string): string {
  return `${paths.joinWaitlist}?zip=${encodeURIComponent(zip)}`;
}

/** After a ZIP is saved: on to the next page where we lend, else to the waitlist. */
export function useLicenceCheck() {
  const navigate = useNavigate();
  /** `known`: the page's own lookup of the same ZIP code, asked again otherwise. */
  return async (zip: string | undefined, known?: LicensingLookup | null): Promise<'next' | 'stay'> => {
    if (!zip) return 'next';
    const lookup = known?.zip === zip ? known : await lookupLicensing(zip);
    if (lookup.licensed) return 'next';
    await navigate(waitlistPath(zip));
    return 'stay';
  };
}

export function ZipPage() {
  const checkLicence = useLicenceCheck();
  return (
    <QuestionPage>
      {(answers) => (
        <AnswersForm
          answers={{ zip: answers.zip ?? '' }}
          required={{ zip: 'Enter the 5-digit ZIP code of your home.' }}
          onSaved={(saved) => checkLicence(saved.zip)}
        >
          <ZipField name="answers.zip" label="ZIP code of your home" size="md" w={{ base: '100%', sm: 200 }} />
        </AnswersForm>
      )}
    </QuestionPage>
  );
}
