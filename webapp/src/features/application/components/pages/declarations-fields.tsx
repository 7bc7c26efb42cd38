import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { ChoiceField, CurrencyField, YesNoField } from '@/components/form/fields';
import { CheckboxField } from '@/components/form/text-field';

import { creditCheck, declarationGroups, followUps } from '../../content/declarations-copy';

// One person's declarations (7 Declarations): every URLA question as a
// yes/no radio group named by the question, each follow-up shown once its
// question is answered Yes, then the credit check authorization. The
// fields are #DeclarationAnswers' under `prefix` ("section.user").

export type Declarations = components['schemas']['Declarations'];

/** The form's declarations: an answer not given yet is null. */
export type DeclarationsForm = Record<string, boolean | number | string | null>;

const questionNames = declarationGroups.flatMap((g) => g.questions.map((q) => q.name));

/** The form's values from the saved declarations (undefined before a save). */
export function declarationsFromSaved(saved: Partial<Declarations> | null | undefined): DeclarationsForm {
  const s = (saved ?? {}) as Record<string, unknown>;
  const form: DeclarationsForm = {};
  for (const name of questionNames) form[name] = typeof s[name] === 'boolean' ? (s[name] as boolean) : null;
  form.borrowedThirdPartyMoneyAmount = typeof s.borrowedThirdPartyMoneyAmount === 'number' ? s.borrowedThirdPartyMoneyAmount : null;
  form.bankruptcy = typeof s.bankruptcy === 'string' ? s.bankruptcy : null;
  form.otherPropertyType = typeof s.otherPropertyType === 'string' ? s.otherPropertyType : null;
  form.otherPropertyTitle = typeof s.otherPropertyTitle === 'string' ? s.otherPropertyTitle : null;
  form.creditCheckAuthorization = s.creditCheckAuthorization === true;
  return form;
}

/**
 * The declarations to save: a follow-up only after its Yes (an answer
 * changed to No takes its follow-up away), the authorization only when
 * given (#DeclarationAnswers takes nothing but true), nothing unanswered.
 */
export function declarationsToInput(form: DeclarationsForm): Declarations {
  const out: Record<string, unknown> = {};
  for (const name of questionNames) if (typeof form[name] === 'boolean') out[name] = form[name];
  out.borrowedThirdPartyMoneyAmount = form.hasBorrowedThirdPartyMoney === true ? form.borrowedThirdPartyMoneyAmount : null;
  if (form.hasBankruptcy === true && form.bankruptcy) out.bankruptcy = form.bankruptcy;
  if (form.onwershipInterest === true) {
    if (form.otherPropertyType) out.otherPropertyType = form.otherPropertyType;
    if (form.otherPropertyTitle) out.otherPropertyTitle = form.otherPropertyTitle;
  }
  if (form.creditCheckAuthorization === true) out.creditCheckAuthorization = true;
  return out as Declarations;
}

/**
 * The page's required answers for one person (its form's values), by path
 * in the section: every question, each follow-up after its Yes, and the
 * authorization.
 */
export function declarationsRequired(prefix: string, form: DeclarationsForm | null | undefined): Record<string, string> {
  const d = form ?? {};
  const out: Record<string, string> = {};
  for (const g of declarationGroups) for (const q of g.questions) out[`${prefix}.${q.name}`] = q.unanswered;
  for (const [question, asks] of Object.entries(followUps)) {
    if (d[question] !== true) continue;
    for (const [name, ask] of Object.entries(asks)) out[`${prefix}.${name}`] = ask.unanswered;
  }
  out[`${prefix}.creditCheckAuthorization`] = creditCheck.unanswered;
  return out;
}

function FollowUps({ question, prefix }: { question: string; prefix: string }) {
  const asks = followUps[question as keyof typeof followUps];
  const yes = useFormContext().watch(`${prefix}.${question}`) === true;
  if (!asks || !yes) return null;
  return (
    <Stack gap="md" pl={{ base: 'md', sm: 'xl' }} style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
      {Object.entries(asks).map(([name, ask]) =>
        'choices' in ask ? (
          <ChoiceField key={name} name={`${prefix}.${name}`} label={ask.question} choices={ask.choices} />
        ) : (
          <CurrencyField key={name} name={`${prefix}.${name}`} label={ask.question} maw={320} />
        ),
      )}
    </Stack>
  );
}

/**
 * The questions "None of these apply" answers No: every one but whether the
 * borrower will live in the home, which is no event to have or not (its
 * answer starts from the property's use).
 */
const noneApplyNames = questionNames.filter((n) => n !== 'hasIntentToOccupy');

/** "None of these apply": No to every question it covers; each can still be changed after. */
function NoneOfTheseApply({ prefix }: { prefix: string }) {
  const { setValue } = useFormContext();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        onClick={() => {
          for (const name of noneApplyNames) setValue(`${prefix}.${name}`, false, { shouldDirty: true, shouldValidate: true });
        }}
      >
        None of these apply to me
      </Button>
      <Text fz="sm" c="dimmed">
        Answers No to every question below but the first; you can still change any answer.
      </Text>
    </Stack>
  );
}

/** One person's declarations under `prefix`, grouped as the URLA groups them. */
export function DeclarationsFields({ prefix }: { prefix: string }) {
  return (
    <Stack gap="xl">
      <NoneOfTheseApply prefix={prefix} />
      {declarationGroups.map((g) => (
        <Fieldset
          key={g.title}
          legend={g.title}
          variant="unstyled"
          styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-sm)' } }}
        >
          <Stack gap="lg">
            {g.questions.map((q) => (
              <Stack key={q.name} gap="sm">
                <YesNoField name={`${prefix}.${q.name}`} label={q.question} description={q.description} />
                <FollowUps question={q.name} prefix={prefix} />
              </Stack>
            ))}
          </Stack>
        </Fieldset>
      ))}
      <CheckboxField name={`${prefix}.creditCheckAuthorization`} label={creditCheck.label} description={creditCheck.description} />
    </Stack>
  );
}
