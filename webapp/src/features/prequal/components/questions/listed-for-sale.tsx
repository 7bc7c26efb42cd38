import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { YesNoField } from '@/components/form/fields';
import { paths } from '@/config/paths';

import { AnswersForm, QuestionPage } from './question-form';

export function ListedForSalePage() {
  // The page table has no ineligible page for this answer: it is said here, and the funnel stops.
  const [listed, setListed] = useState(false);
  return (
    <QuestionPage>
      {(answers) => (
        <Stack gap="lg">
          {listed ? (
            <Alert color="orange" variant="light" role="alert" title="We can’t offer a line on this home">
              <Stack gap="xs">
                <Text fz="sm">
                  We can’t offer a home equity line of credit on a home that has been listed for sale in the last 6
                  months. If the listing was withdrawn more than 6 months ago, or you answered by mistake, change your
                  answer below.
                </Text>
                <Button component={Link} to={paths.home} variant="default" size="sm" w="fit-content">
                  Back to the home page
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <AnswersForm
            answers={{ listedForSale: answers.listedForSale ?? null }}
            required={{ listedForSale: 'Choose yes or no.' }}
            onSaved={(saved) => {
              setListed(saved.listedForSale === true);
              return saved.listedForSale === true ? 'stay' : 'next';
            }}
          >
            <YesNoField name="answers.listedForSale" label="Has your home been listed for sale in the last 6 months?" size="md" />
          </AnswersForm>
        </Stack>
      )}
    </QuestionPage>
  );
}
