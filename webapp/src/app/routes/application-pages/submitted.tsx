import SubmittedPage from '@/features/application/components/pages/submitted';
import { BorrowerConditions } from '@/features/conditions/components/borrower-conditions';

/** The submitted page with what the loan team asks (underwriting conditions) under its status. */
export default function SubmittedRoute() {
  return <SubmittedPage conditions={<BorrowerConditions />} />;
}
