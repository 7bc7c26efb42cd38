import { Checkbox, Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { get, useController, useFormContext } from 'react-hook-form';

import type { components } from '@/api/schema.gen';

import {
  declineLabel,
  demographicQuestions,
  type DemographicBox,
  type DemographicQuestion,
} from '../../content/demographics-copy';

// One person's HMDA questions (6 Demographics): ethnicity, race and sex,
// each a group of boxes with "I do not wish to provide this information".
// A box's origins and free text show once it is ticked. The fields are
// #Demographics' under `prefix` ("section.user"); the form also holds
// isNotHispanicOrLatino, which #Demographics has no field for (see
// demographicsFromSaved).

export type Demographics = components['schemas']['Demographics'];

/** The form's demographics: #Demographics with the "Not Hispanic or Latino" box. */
export type DemographicsForm = Demographics & { isNotHispanicOrLatino: boolean };

/** Every box of a question, origins included. */
function boxNames(q: DemographicQuestion): string[] {
  return q.boxes.flatMap((b) => [b.name, ...(b.origins ?? []).map((o) => o.name)]);
}

/** Every free-text field of a question. */
function textNames(q: DemographicQuestion): string[] {
  return q.boxes.flatMap((b) => (b.text ? [b.text.name] : []));
}

/**
 * The form's values from the saved demographics (undefined before a save).
 * #Demographics keeps "Not Hispanic or Latino" as no ethnicity box ticked
 * and no refusal: the page saves only with an answer to each question, so
 * a saved record with neither is that answer.
 */
export function demographicsFromSaved(saved: Partial<Demographics> | null | undefined): DemographicsForm {
  const form: Record<string, unknown> = {};
  for (const q of demographicQuestions) {
    for (const name of [...boxNames(q), q.decline]) form[name] = saved?.[name as keyof Demographics] === true;
    for (const name of textNames(q)) form[name] = (saved?.[name as keyof Demographics] as string | undefined) ?? '';
  }
  form.isNotHispanicOrLatino = Boolean(saved) && !saved?.isHispanicOrLatino && !saved?.wontInformEthinicity;
  return form as DemographicsForm;
}

/** The #Demographics to save: without the form's own box, and without empty free text. */
export function demographicsToInput(form: DemographicsForm): Demographics {
  const { isNotHispanicOrLatino: _, ...rest } = form;
  const out: Record<string, unknown> = { ...rest };
  for (const q of demographicQuestions) {
    for (const name of textNames(q)) {
      const text = typeof out[name] === 'string' ? (out[name] as string).trim() : '';
      if (text) out[name] = text;
      else delete out[name];
    }
  }
  return out as Demographics;
}

/**
 * The page's check of one person's answers: each question needs a box or
 * its refusal. Keyed by the question's path in the section
 * (`user.ethnicity`), which is no field of #Demographics, so the message
 * stands for the group.
 */
export function demographicsChecks(prefix: string, form: DemographicsForm | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of demographicQuestions) {
    const answered = [...q.boxes.map((b) => b.name), q.decline].some((n) => form?.[n as keyof DemographicsForm] === true);
    if (!answered) out[`${prefix}.${q.key}`] = q.unanswered;
  }
  return out;
}

/** A box bound to the form; `onTicked` runs after it changes. */
function Box({ name, label, onChanged }: { name: string; label: string; onChanged?: (checked: boolean) => void }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control, defaultValue: false });
  return (
    <Checkbox
      name={field.name}
      ref={field.ref}
      label={label}
      checked={field.value === true}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.currentTarget.checked);
        onChanged?.(e.currentTarget.checked);
      }}
    />
  );
}

function FreeText({ name, label, description }: { name: string; label: string; description: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, defaultValue: '' });
  return (
    <TextInput
      {...field}
      value={typeof field.value === 'string' ? field.value : ''}
      label={label}
      description={description}
      error={fieldState.error?.message}
      maw={420}
    />
  );
}

function BoxWithOrigins({ box, prefix, onTicked }: { box: DemographicBox; prefix: string; onTicked: () => void }) {
  const { watch, setValue } = useFormContext();
  const at = (n: string) => `${prefix}.${n}`;
  const ticked = watch(at(box.name)) === true;
  const textShown = box.text ? watch(at(box.text.shownWith)) === true : false;
  const clear = () => {
    for (const o of box.origins ?? []) setValue(at(o.name), false, { shouldDirty: true });
    if (box.text) setValue(at(box.text.name), '', { shouldDirty: true });
  };
  return (
    <Stack gap="xs">
      <Box
        name={at(box.name)}
        label={box.label}
        onChanged={(checked) => {
          if (checked) onTicked();
          else clear();
        }}
      />
      {ticked && (box.origins || box.text) ? (
        <Stack gap="xs" pl="xl">
          {box.origins?.map((o) => (
            <Box
              key={o.name}
              name={at(o.name)}
              label={o.label}
              onChanged={(checked) => {
                if (!checked && box.text?.shownWith === o.name) setValue(at(box.text.name), '', { shouldDirty: true });
              }}
            />
          ))}
          {box.text && textShown ? <FreeText name={at(box.text.name)} label={box.text.label} description={box.text.description} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * One question: its boxes and the refusal, in a fieldset named by the
 * question. Refusing clears the boxes; ticking a box clears the refusal.
 */
export function DemographicQuestionFields({ question, prefix }: { question: DemographicQuestion; prefix: string }) {
  const { setValue, formState, clearErrors } = useFormContext();
  const errorId = useId();
  const at = (n: string) => `${prefix}.${n}`;
  const error = (get(formState.errors, at(question.key)) as { message?: string } | undefined)?.message;
  const answered = () => {
    setValue(at(question.decline), false, { shouldDirty: true });
    clearErrors(at(question.key));
  };
  const declined = (checked: boolean) => {
    if (!checked) return;
    for (const name of boxNames(question)) setValue(at(name), false, { shouldDirty: true });
    for (const name of textNames(question)) setValue(at(name), '', { shouldDirty: true });
    clearErrors(at(question.key));
  };
  return (
    <Fieldset
      legend={question.legend}
      variant="unstyled"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' } }}
    >
      <Text fz="sm" c="dimmed" mb="xs">
        {question.description}
      </Text>
      <Stack gap="sm">
        {question.boxes.map((b) => (
          <BoxWithOrigins key={b.name} box={b} prefix={prefix} onTicked={answered} />
        ))}
        <Box name={at(question.decline)} label={declineLabel} onChanged={declined} />
      </Stack>
      {error ? (
        <Text id={errorId} fz="sm" c="red.8" mt="xs">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

/** One person's three questions under `prefix`. */
export function DemographicsFields({ prefix }: { prefix: string }) {
  return (
    <Stack gap="lg">
      {demographicQuestions.map((q) => (
        <DemographicQuestionFields key={q.key} question={q} prefix={prefix} />
      ))}
    </Stack>
  );
}
