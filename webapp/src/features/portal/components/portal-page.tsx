import type { ReactNode } from 'react';

import { PageHeading } from '@/components/ui/page-heading';
import { SignInRequired } from '@/components/ui/sign-in-required';
import { paths } from '@/config/paths';

/** A portal page: its heading, and what it needs before it can show anything. */
export function PortalPage({ title, help, signInFor }: { title: string; help: ReactNode; signInFor: string }) {
  return (
    <>
      <PageHeading title={title} help={help} />
      <SignInRequired
        title={`Sign in to see ${signInFor}`}
        explanation="The portal is for the lender’s staff and partners. Sign in with your work e-mail address."
        to={paths.portalLogin}
        action="Staff sign in"
      />
    </>
  );
}
