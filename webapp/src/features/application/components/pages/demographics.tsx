import { Paper, Stack, Text, Title } from '@mantine/core';

import { demographicsNotice } from '../../content/demographics-copy';
import { CoborrowerWaiting } from '../coborrower/coborrower-waiting';
import { SectionPage } from '../section-page';
import {
  DemographicsFields,
  demographicsFromSaved,
  demographicsChecks,
  demographicsToInput,
  type DemographicsForm,
} from './demographics-fields';

// 6 Demographics (/app/application/6, #DemographicsSection): the federal
// notice, then the borrower's HMDA questions. A coborrower answers their
// own in their own sign-in (/app/coborrower): the page says it waits for
// them instead.

type Values = { user: DemographicsForm };

export function FederalNotice() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="demographics-notice">
      <Title order={2} fz="lg" id="demographics-notice" mb="xs">
        Demographic information of borrower
      </Title>
      <Stack gap="xs">
        {demographicsNotice.map((p) => (
          <Text key={p.slice(0, 24)} fz="sm">
            {p}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

export default function DemographicsPage() {
  return (
    <SectionPage<Values>
      definition="DemographicsSection"
      aria-label="Demographic information"
      fromApplication={(view) => ({ user: demographicsFromSaved(view.application.user.demographics) })}
      toSection={(values) => ({ user: demographicsToInput(values.user) })}
      // Each question answered, by the form's boxes: "Not Hispanic or
      // Latino" is one of them, and the section has no field for it.
      checks={(values) => demographicsChecks('user', values.user)}
    >
      {(_form, view) => (
        <>
          <FederalNotice />
          <Stack gap="md" component="section" aria-labelledby="demographics-user">
            <Title order={2} fz="xl" id="demographics-user">
              {view.hasCoborrower ? 'Your information' : 'Your answers'}
            </Title>
            <DemographicsFields prefix="section.user" />
          </Stack>
          {view.hasCoborrower ? <CoborrowerWaiting part="demographics" /> : null}
        </>
      )}
    </SectionPage>
  );
}
