import { Skeleton, Stack } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import { CheckboxField, PhoneField } from '@/components/form/text-field';
import { QueryError } from '@/components/ui/query-error';
import { formatPhone } from '@/lib/format';

import { useConsents, type Consent } from '@/api/get-consents';
import { usePrequalStore } from '../../stores/prequal-store';
import { ConsentText } from '@/components/ui/consent-text';
import { QuestionForm, QuestionHeading } from './question-form';

type Values = { phone: string; tcpaConsent: boolean };

/** The TCPA agreement names the number it is for, as typed. */
function TcpaConsent({ consent }: { consent: Consent }) {
  const phone = (useFormContext<Values>().watch('phone') as string | undefined) ?? '';
  const number = phone.length === 10 ? formatPhone(phone) : 'the number above';
  return (
    <>
      <ConsentText consent={consent} id="tcpa-title" />
      <CheckboxField
        name="tcpaConsent"
        label={`Yes, you may call and text me at ${number}, as described above. This is optional and not a condition of credit.`}
      />
    </>
  );
}

/** /start/phone: the phone number, and the optional TCPA consent for calls and texts to it. */
export function PhonePage() {
  const phone = usePrequalStore((s) => s.phone);
  const tcpaConsent = usePrequalStore((s) => s.tcpaConsent);
  const update = usePrequalStore((s) => s.update);
  const consents = useConsents();
  const tcpa = consents.data?.tcpa;
  return (
    <Stack gap="lg">
      <QuestionHeading />
      {consents.isPending ? (
        <Skeleton h={200} aria-hidden="true" />
      ) : consents.isError || !tcpa ? (
        <QueryError title="We couldn’t load this page" error={consents.error} onRetry={() => void consents.refetch()} />
      ) : (
        <QuestionForm
          definition="CreateAccountInput"
          defaultValues={{ phone: phone ?? '', tcpaConsent: tcpaConsent ?? false }}
          toInput={(v: Values) => ({ phone: v.phone, tcpaConsent: v.tcpaConsent })}
          fields={['phone', 'tcpaConsent']}
          required={{ phone: 'Enter your phone number.' }}
          onSave={async (input: Values) => update({ phone: input.phone, tcpaConsent: input.tcpaConsent })}
        >
          <PhoneField name="phone" label="Mobile phone" size="md" w={{ base: '100%', sm: 280 }} />
          <TcpaConsent consent={tcpa} />
        </QuestionForm>
      )}
    </Stack>
  );
}
