import { Stack, Text, Title } from '@mantine/core';

import { SectionPage } from '../section-page';
import {
  DeclarationsFields,
  declarationsFromSaved,
  declarationsRequired,
  declarationsToInput,
  type Declarations,
  type DeclarationsForm,
} from './declarations-fields';

// 7 Declarations (/app/application/7, #DeclarationsSection): the URLA
// declarations with their follow-ups and the credit check authorization,
// for the borrower and, on a loan with a coborrower, the coborrower.

type Values = { user: DeclarationsForm; coborrower: DeclarationsForm | null };
type Section = { user: Declarations; coborrower: Declarations | null };

export default function DeclarationsPage() {
  return (
    <SectionPage<Values>
      definition="DeclarationsSection"
      aria-label="Declarations"
      fromApplication={(view) => ({
        user: declarationsFromSaved(view.application.user.declarations),
        coborrower: view.hasCoborrower ? declarationsFromSaved(view.application.coborrower?.declarations) : null,
      })}
      toSection={(values, view): Section => ({
        user: declarationsToInput(values.user),
        coborrower: view.hasCoborrower && values.coborrower ? declarationsToInput(values.coborrower) : null,
      })}
      required={(values) => ({
        ...declarationsRequired('user', values.user),
        ...(values.coborrower ? declarationsRequired('coborrower', values.coborrower) : {}),
      })}
    >
      {(_form, view) => {
        const coborrower = view.hasCoborrower ? view.application.coborrower : null;
        return (
          <>
            <Stack gap="md" component="section" aria-labelledby="declarations-user">
              <Title order={2} fz="xl" id="declarations-user">
                {coborrower ? 'Your declarations' : 'Your answers'}
              </Title>
              <DeclarationsFields prefix="section.user" />
            </Stack>
            {coborrower ? (
              <Stack gap="md" component="section" aria-labelledby="declarations-coborrower">
                <Title order={2} fz="xl" id="declarations-coborrower">
                  {coborrower.firstName ? `${coborrower.firstName}’s declarations (your coborrower)` : 'Your coborrower’s declarations'}
                </Title>
                <Text fz="sm" c="dimmed">
                  Answer these with your coborrower, as they would answer them.
                </Text>
                <DeclarationsFields prefix="section.coborrower" />
              </Stack>
            ) : null}
          </>
        );
      }}
    </SectionPage>
  );
}
