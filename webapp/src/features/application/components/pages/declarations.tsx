import { Stack, Title } from '@mantine/core';

import { CoborrowerWaiting } from '../coborrower/coborrower-waiting';
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
// the borrower's. A coborrower answers their own in their own sign-in
// (/app/coborrower): the page says it waits for them instead.

type Values = { user: DeclarationsForm };
type Section = { user: Declarations };

export default function DeclarationsPage() {
  return (
    <SectionPage<Values>
      definition="DeclarationsSection"
      aria-label="Declarations"
      fromApplication={(view) => ({ user: declarationsFromSaved(view.application.user.declarations) })}
      toSection={(values): Section => ({ user: declarationsToInput(values.user) })}
      required={(values) => declarationsRequired('user', values.user)}
    >
      {(_form, view) => (
        <>
          <Stack gap="md" component="section" aria-labelledby="declarations-user">
            <Title order={2} fz="xl" id="declarations-user">
              {view.hasCoborrower ? 'Your declarations' : 'Your answers'}
            </Title>
            <DeclarationsFields prefix="section.user" />
          </Stack>
          {view.hasCoborrower ? <CoborrowerWaiting part="declarations" /> : null}
        </>
      )}
    </SectionPage>
  );
}
