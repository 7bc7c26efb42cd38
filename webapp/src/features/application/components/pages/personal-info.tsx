import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { get, useFieldArray, useFormContext } from 'react-hook-form';

import type { components } from '@/api/schema.gen';
import { AddressFields, addressValues, emptyAddress, requiredAddress, toAddress, type AddressValues } from '@/components/form/address-fields';
import { ChoiceField, DateField, SelectField, SsnField, YesNoField } from '@/components/form/fields';
import { PhoneField, TextField } from '@/components/form/text-field';
import { formatDate } from '@/lib/format';

import { useAddressHistory, type AddressHistory } from '../../api/get-address-history';
import type { ApplicationView, Person } from '../../api/get-application';
import { citizenships, housings, maritalStatuses, militaryStatuses, suffixes } from '../../content/choices';
import { SectionPage, watchSection, type SectionForm } from '../section-page';

// Page 1, Personal Info (screens.md): the borrower's and, when the loan
// has one, the coborrower's legal name, date of birth, SSN, citizenship,
// marital and military status, contact, current address with housing and
// since when, former addresses until the rules' look-back is covered
// (application.addressHistory: two years as the tables ship), and a mailing
// address when it is another. Saved as #PersonalInfoSection.

type Schemas = components['schemas'];
type PersonalInfo = Schemas['PersonalInfo'];

type FormerValues = { address: AddressValues; housing: Schemas['Housing'] | null; movedIn: string; movedOut: string };

type PersonValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: Schemas['NameSuffix'] | null;
  dateOfBirth: string;
  /** Typed digits only: a stored SSN never comes back in full, and empty keeps it. */
  ssn: string;
  citizenship: Schemas['Citizenship'] | null;
  maritalStatus: Schemas['MaritalStatus'] | null;
  militaryStatus: Schemas['MilitaryStatus'] | null;
  phone: string;
  email: string;
  currentAddress: AddressValues;
  currentAddressSince: string;
  housing: Schemas['Housing'] | null;
  formerAddresses: FormerValues[];
  mailingDiffers: boolean | null;
  mailingAddress: AddressValues;
};

type Values = { user: PersonValues; coborrower: PersonValues | null };

const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The earliest move-in date the person's addresses give (the current one's
 * since date, each former one's moved-in date), or null before the current
 * one's is a full date.
 */
export function earliestMoveIn(p: Pick<PersonValues, 'currentAddressSince' | 'formerAddresses'>): string | null {
  if (!isIsoDate(p.currentAddressSince)) return null;
  return [p.currentAddressSince, ...p.formerAddresses.map((f) => f.movedIn).filter(isIsoDate)].sort()[0]!;
}

/**
 * Whether the addresses reach back to `from`, the day the rules' look-back
 * gives (application.addressHistory); null while the current address's
 * date is not given, or the look-back is not known yet.
 */
export function coversHistory(p: Pick<PersonValues, 'currentAddressSince' | 'formerAddresses'>, from: string | undefined): boolean | null {
  const earliest = earliestMoveIn(p);
  return earliest === null || from === undefined ? null : earliest <= from;
}

function personValues(p: Person | null | undefined): PersonValues {
  return {
    firstName: p?.firstName ?? '',
    middleName: p?.middleName ?? '',
    lastName: p?.lastName ?? '',
    suffix: p?.suffix ?? null,
    dateOfBirth: p?.dateOfBirth ?? '',
    ssn: '',
    citizenship: p?.citizenship ?? null,
    maritalStatus: p?.maritalStatus ?? null,
    militaryStatus: p?.militaryStatus ?? null,
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    currentAddress: addressValues(p?.currentAddress),
    currentAddressSince: p?.currentAddressSince ?? '',
    housing: p?.housing ?? null,
    formerAddresses: (p?.formerAddresses ?? []).map((f) => ({
      address: addressValues(f.address),
      housing: f.housing,
      movedIn: f.movedIn,
      movedOut: f.movedOut,
    })),
    mailingDiffers: p ? p.mailingAddress != null : null,
    mailingAddress: addressValues(p?.mailingAddress),
  };
}

const text = (v: string) => v.trim() || undefined;
const chosen = <T,>(v: T | null) => v ?? undefined;

/** The person's part of the section: what is empty is left out, so the schema and the page say what is missing. */
function toPersonalInfo(p: PersonValues): PersonalInfo {
  return {
    firstName: p.firstName.trim(),
    middleName: text(p.middleName),
    lastName: p.lastName.trim(),
    suffix: chosen(p.suffix),
    dateOfBirth: p.dateOfBirth || undefined,
    // Left out, the SSN on file is kept (application.save).
    ssn: p.ssn || undefined,
    citizenship: chosen(p.citizenship),
    maritalStatus: chosen(p.maritalStatus),
    militaryStatus: chosen(p.militaryStatus),
    phone: p.phone || undefined,
    currentAddress: toAddress(p.currentAddress),
    currentAddressSince: p.currentAddressSince || undefined,
    housing: chosen(p.housing),
    formerAddresses: p.formerAddresses.map((f) => ({
      address: toAddress(f.address),
      housing: chosen(f.housing),
      movedIn: f.movedIn || undefined,
      movedOut: f.movedOut || undefined,
    })),
    mailingAddress: p.mailingDiffers ? toAddress(p.mailingAddress) : null,
  } as PersonalInfo;
}

function requiredOf(at: 'user' | 'coborrower', p: PersonValues, ssnOnFile: boolean): Record<string, string> {
  const whose = at === 'user' ? 'your' : 'your coborrower’s';
  const r: Record<string, string> = {
    [`${at}.firstName`]: `Enter ${whose} first name.`,
    [`${at}.lastName`]: `Enter ${whose} last name.`,
    [`${at}.citizenship`]: `Choose ${whose} citizenship.`,
    [`${at}.maritalStatus`]: `Choose ${whose} marital status.`,
    [`${at}.militaryStatus`]: `Choose ${whose} military service.`,
    [`${at}.phone`]: `Enter ${whose} phone number.`,
    [`${at}.currentAddressSince`]: `Enter when ${at === 'user' ? 'you' : 'your coborrower'} moved in, as MM/DD/YYYY.`,
    [`${at}.housing`]: 'Choose whether you own, rent or live rent free.',
    ...requiredAddress(`${at}.currentAddress`),
  };
  if (at === 'user') r['user.dateOfBirth'] = 'Enter your date of birth as MM/DD/YYYY.';
  if (at === 'user' && !ssnOnFile) r['user.ssn'] = 'Enter your Social Security number.';
  if (at === 'coborrower') r['coborrower.email'] = 'Enter your coborrower’s e-mail address.';
  p.formerAddresses.forEach((_, i) => {
    Object.assign(r, requiredAddress(`${at}.formerAddresses.${i}.address`), {
      [`${at}.formerAddresses.${i}.housing`]: 'Choose whether you owned, rented or lived rent free there.',
      [`${at}.formerAddresses.${i}.movedIn`]: 'Enter when you moved in, as MM/DD/YYYY.',
      [`${at}.formerAddresses.${i}.movedOut`]: 'Enter when you moved out, as MM/DD/YYYY.',
    });
  });
  if (p.mailingDiffers) Object.assign(r, requiredAddress(`${at}.mailingAddress`, 'the mailing address'));
  return r;
}

/** Where the page says that the addresses do not reach back far enough yet (no field's message). */
const COVERAGE = 'formerAddressesCoverage';

function checksOf(at: 'user' | 'coborrower', p: PersonValues, history: AddressHistory | undefined): Record<string, string> {
  return history && coversHistory(p, history.from) === false ? { [`${at}.${COVERAGE}`]: history.message } : {};
}

function FormerAddresses({ form, at, history }: { form: SectionForm<Values>; at: 'user' | 'coborrower'; history: AddressHistory | undefined }) {
  const name = `section.${at}.formerAddresses` as const;
  const list = useFieldArray({ control: form.control, name: name as 'section.user.formerAddresses' });
  const person = watchSection(form, at) as PersonValues;
  const covered = coversHistory(person, history?.from);
  const coverageError = get(form.formState.errors, `section.${at}.${COVERAGE}`) as { message?: string } | undefined;
  // Asked only once the current address's date leaves part of the look-back uncovered.
  if (covered !== false && list.fields.length === 0) return null;

  const add = () => {
    // The new one ends where the earliest so far begins.
    const earliest = earliestMoveIn(person) ?? '';
    list.append({ address: { ...emptyAddress }, housing: null, movedIn: '', movedOut: earliest });
  };
  return (
    <Stack gap="md" component="section" aria-labelledby={`${at}-former-heading`}>
      <Title order={3} fz="md" id={`${at}-former-heading`}>
        Former addresses
      </Title>
      <Text fz="sm" c="dimmed">
        We need where {at === 'user' ? 'you have' : 'your coborrower has'} lived for the last {history?.months} months. Add
        each earlier address until the dates reach back that far.
      </Text>
      {list.fields.map((f, i) => (
        <Fieldset key={f.id} legend={`Former address ${i + 1}`} radius="md">
          <Stack gap="md">
            <AddressFields name={`${name}.${i}.address`} label={`Former address ${i + 1}`} autoComplete={false} />
            <ChoiceField name={`${name}.${i}.housing`} label={`Did you own or rent at former address ${i + 1}?`} choices={housings} size="md" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField name={`${name}.${i}.movedIn`} label={`Moved in to former address ${i + 1}`} size="md" />
              <DateField name={`${name}.${i}.movedOut`} label={`Moved out of former address ${i + 1}`} size="md" />
            </SimpleGrid>
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => list.remove(i)}>
                Remove former address {i + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      {covered === false ? (
        <Group>
          <Button variant="light" onClick={add}>
            Add a former address
          </Button>
        </Group>
      ) : null}
      {coverageError?.message ? (
        <Text c="red.8" fz="sm" role="alert">
          {coverageError.message}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The borrower's date of birth and SSN: shown to confirm when the credit
 * check gave them (issue 22: each fact asked once), with Change to correct
 * them; asked otherwise.
 */
function BirthDateAndSsn({ n, ssnOnFile, dobOnFile }: { n: (field: string) => string; ssnOnFile: string | null; dobOnFile: string | null }) {
  const [changing, setChanging] = useState(false);
  // A message at either field (the server's, say) shows the fields it is about.
  const { errors } = useFormContext().formState;
  const refused = Boolean(get(errors, n('dateOfBirth')) || get(errors, n('ssn')));
  if (ssnOnFile && dobOnFile && !changing && !refused) {
    return (
      <Stack gap={6} component="section" aria-labelledby="identity-on-file">
        <Text fw={600} id="identity-on-file">
          From your credit check
        </Text>
        <Group component="dl" gap="xl" m={0} align="flex-start">
          <div>
            <Text component="dt" fz="sm" c="dimmed">
              Date of birth
            </Text>
            <Text component="dd" m={0}>
              {formatDate(dobOnFile)}
            </Text>
          </div>
          <div>
            <Text component="dt" fz="sm" c="dimmed">
              Social Security number
            </Text>
            <Text component="dd" m={0}>
              {ssnOnFile}
            </Text>
          </div>
        </Group>
        <Button variant="subtle" size="compact-sm" w="fit-content" px={0} onClick={() => setChanging(true)}>
          Change my date of birth or SSN
        </Button>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DateField name={n('dateOfBirth')} label="Date of birth" autoComplete="bday" size="md" />
      <SsnField
        name={n('ssn')}
        label="Social Security number"
        description={ssnOnFile ? `We have ${ssnOnFile} on file. Leave this empty to keep it.` : 'We use it to verify identity and check credit.'}
        size="md"
      />
    </SimpleGrid>
  );
}

function PersonFields({
  form,
  at,
  ssnOnFile,
  dobOnFile = null,
  history,
}: {
  form: SectionForm<Values>;
  at: 'user' | 'coborrower';
  ssnOnFile: string | null;
  dobOnFile?: string | null;
  history: AddressHistory | undefined;
}) {
  const n = (field: string) => `section.${at}.${field}`;
  const you = at === 'user';
  const mailingDiffers = watchSection(form, `${at}.mailingDiffers`) === true;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name={n('firstName')} label="First name" autoComplete={you ? 'given-name' : 'off'} size="md" />
        <TextField name={n('middleName')} label="Middle name (optional)" autoComplete={you ? 'additional-name' : 'off'} size="md" />
        <TextField name={n('lastName')} label="Last name" autoComplete={you ? 'family-name' : 'off'} size="md" />
        <SelectField name={n('suffix')} label="Suffix (optional)" choices={suffixes} none="None" size="md" />
      </SimpleGrid>
      {you ? (
        <BirthDateAndSsn n={n} ssnOnFile={ssnOnFile} dobOnFile={dobOnFile} />
      ) : (
        <Text fz="sm" c="dimmed">
          Your coborrower gives their own date of birth and Social Security number, with their credit check authorization,
          signed in with their own e-mail. We e-mail them an invitation from the demographics, declarations and signing pages.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PhoneField name={n('phone')} label="Phone number" autoComplete={you ? 'tel-national' : 'off'} size="md" />
        {you ? null : <TextField name={n('email')} label="E-mail address" type="email" autoComplete="off" size="md" />}
      </SimpleGrid>
      <ChoiceField name={n('citizenship')} label="Citizenship" choices={citizenships} size="md" />
      <ChoiceField name={n('maritalStatus')} label="Marital status" choices={maritalStatuses} size="md" />
      <ChoiceField name={n('militaryStatus')} label="Military service" choices={militaryStatuses} size="md" />

      <Title order={3} fz="md" mt="sm">
        Current address
      </Title>
      <AddressFields name={n('currentAddress')} label="Current address" autoComplete={you} />
      <ChoiceField name={n('housing')} label="Do you own or rent your current home?" choices={housings} size="md" />
      <DateField name={n('currentAddressSince')} label="Living at the current address since" size="md" />
      <FormerAddresses form={form} at={at} history={history} />

      <YesNoField name={n('mailingDiffers')} label="Is the mailing address different from the current address?" size="md" />
      {mailingDiffers ? <AddressFields name={n('mailingAddress')} label="Mailing address" autoComplete={false} /> : null}
    </Stack>
  );
}

export default function PersonalInfoPage() {
  // How far back the addresses must go, by the rules; until it is known, no former address is asked (the save still refuses by it).
  const history = useAddressHistory().data;
  return (
    <SectionPage<Values>
      definition="PersonalInfoSection"
      aria-label="Personal information"
      fromApplication={(view: ApplicationView) => ({
        user: personValues(view.application.user),
        coborrower: view.hasCoborrower ? personValues(view.application.coborrower) : null,
      })}
      toSection={(v) => ({
        user: toPersonalInfo(v.user),
        // Without a coborrower the key is left out: the schema fills in its null.
        // The coborrower's date of birth and SSN are theirs to give, in
        // their own sign-in (/app/coborrower): the server refuses them here.
        coborrower: v.coborrower
          ? { ...toPersonalInfo(v.coborrower), dateOfBirth: undefined, ssn: undefined, email: v.coborrower.email.trim() || undefined }
          : undefined,
      })}
      required={(v, view) => ({
        ...requiredOf('user', v.user, Boolean(view.application.user.ssn)),
        ...(v.coborrower ? requiredOf('coborrower', v.coborrower, Boolean(view.application.coborrower?.ssn)) : {}),
      })}
      checks={(v) => ({ ...checksOf('user', v.user, history), ...(v.coborrower ? checksOf('coborrower', v.coborrower, history) : {}) })}
    >
      {(form, view) => (
        <>
          <Fieldset legend="You" radius="md" variant="unstyled">
            <PersonFields
              form={form}
              at="user"
              ssnOnFile={view.application.user.ssn ?? null}
              dobOnFile={view.application.user.dateOfBirth ?? null}
              history={history}
            />
          </Fieldset>
          {view.hasCoborrower ? (
            <Fieldset legend="Your coborrower" radius="md" variant="unstyled" mt="lg">
              <PersonFields form={form} at="coborrower" ssnOnFile={view.application.coborrower?.ssn ?? null} history={history} />
            </Fieldset>
          ) : null}
          <Text fz="sm" c="dimmed">
            Social Security numbers are encrypted when saved and shown afterwards only by their last 4 digits.
          </Text>
        </>
      )}
    </SectionPage>
  );
}
