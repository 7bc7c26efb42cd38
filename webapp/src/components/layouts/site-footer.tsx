import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { useProductName } from '@/api/get-system-info';
import { paths } from '@/config/paths';
import { NMLS_CONSUMER_ACCESS_URL, NMLS_ID } from '@/config/product';

import { EqualHousingMark } from './equal-housing-mark';

const legalLinks = [
  { to: paths.privacyStatement, label: 'Privacy statement' },
  { to: paths.license, label: 'Licenses' },
  { to: paths.eConsent, label: 'E-consent' },
  { to: paths.termsOfUse, label: 'Terms of use' },
];

export function SiteFooter() {
  const name = useProductName();
  return (
    <Box component="footer" bg="var(--app-surface)" style={{ borderTop: '1px solid var(--app-border)' }}>
      <Container py="xl">
        <Stack gap="md">
          <nav aria-label="Legal">
            <Group component="ul" gap="lg" style={{ listStyle: 'none', padding: 0, margin: 0, rowGap: 8 }} wrap="wrap">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Anchor underline="hover" component={Link} to={link.to} fz="sm" c="harbor.9">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </nav>
          <Group gap="sm" wrap="nowrap" align="flex-start" c="gray.8">
            <Box style={{ flexShrink: 0 }}>
              <EqualHousingMark />
            </Box>
            <Text fz="sm" c="gray.8">
              Equal Housing Lender.{' '}
              {NMLS_ID ? (
                <>NMLS ID {NMLS_ID}. </>
              ) : null}
              Licensing details are on{' '}
              <Anchor href={NMLS_CONSUMER_ACCESS_URL} fz="sm" c="harbor.9" target="_blank" rel="noopener noreferrer">
                NMLS Consumer Access
              </Anchor>{' '}
              and our{' '}
              <Anchor component={Link} to={paths.license} fz="sm" c="harbor.9">
                licenses page
              </Anchor>
              .
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            A home equity line of credit is secured by your home: if you do not repay it, you could lose your home. Rates are
            variable and can change. Prequalification is not a commitment to lend; a line is offered only after a full
            application is approved. © {new Date().getFullYear()}{' '}
            {name}.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
