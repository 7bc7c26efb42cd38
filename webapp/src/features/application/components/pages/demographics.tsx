import { Paper, Stack, Text, Title } from '@mantine/core';

import { demographicsNotice } from '../../content/demographics-copy';
import { SectionPage } from '../section-page';
import {
  DemographicsFields,
  demographicsFromSaved,
  demographicsChecks,
  demographicsToInput,
  type DemographicsForm,
} from './demographics-fields';

// 6 Demographics (/app/application/6, #DemographicsSection): the federal
// notice, then the borrower's HMDA questions and, on a loan with a
// coborrower, the coborrower's.

type Values = { user: DemographicsForm; coborrower: DemographicsForm | null };

function FederalNotice() {
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
      fromApplication={(view) => ({
        user: demographicsFromSaved(view.application.user.demographics),
        coborrower: view.hasCoborrower ? demographicsFromSaved(view.application.coborrower?.demographics) : null,
      })}
      toSection={(values, view) => ({
        user: demographicsToInput(values.user),
        coborrower: view.hasCoborrower && values.coborrower ? demographicsToInput(values.coborrower) : null,
      })}
      // Each question answered, by the form's boxes: "Not Hispanic or
      // Latino" is one of them, and the section has no field for it.
      checks={(values) => ({
        ...demographicsChecks('user', values.user),
        ...(values.coborrower ? demographicsChecks('coborrower', values.coborrower) : {}),
      })}
    >
      {(_form, view) => {
        const coborrower = view.hasCoborrower ? view.application.coborrower : null;
        return (
          <>
            <FederalNotice />
            <Stack gap="md" component="section" aria-labelledby="demographics-user">
              <Title order={2} fz="xl" id="demographics-user">
                {coborrower ? 'Your information' : 'Your answers'}
              </Title>
              <DemographicsFields prefix="section.user" />
            </Stack>
            {view.hasCoborrower ? (
              <Stack gap="md" component="section" aria-labelledby="demographics-coborrower">
                <Title order={2} fz="xl" id="demographics-coborrower">
                  {coborrower?.firstName ? `${coborrower.firstName}’s information (your coborrower)` : 'Your coborrower’s information'}
                </Title>
                <Text fz="sm" c="dimmed">
                  Answer these with your coborrower, as they would answer them.
                </Text>
                <DemographicsFields prefix="section.coborrower" />
              </Stack>
            ) : null}
          </>
        );
      }}
    </SectionPage>
  );
}
