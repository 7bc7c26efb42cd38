import { PageHeading } from '@/components/ui/page-heading';
import { SignInRequired } from '@/components/ui/sign-in-required';
import { paths } from '@/config/paths';

const copy = {
  upload: {
    heading: 'Upload your documents',
    help: 'Send the documents your loan team asked for, such as paystubs, tax returns or a mortgage statement. Photos and PDFs both work.',
    signIn: 'Sign in to see which documents your application still needs, and to upload them.',
  },
  bankStatement: {
    heading: 'Share your bank statements',
    help: 'We ask for statements covering the last 12 months. Download them as PDFs from your bank’s website, then upload them here.',
    signIn: 'Sign in to upload your statements to your application.',
  },
} as const;

/** The standalone document pages a borrower reaches from a link in an e-mail. */
export function DocumentRequestPage({ kind }: { kind: keyof typeof copy }) {
  const text = copy[kind];
  return (
    <>
      <PageHeading title={text.heading} help={text.help} />
      <SignInRequired title="Sign in to continue" explanation={text.signIn} to={paths.appLogin} action="Sign in" />
    </>
  );
}
