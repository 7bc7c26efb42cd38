import { useState } from 'react';

import type { AuditFilters } from '../api/audit-list';
import { AuditLog } from './audit-log';

/** The loan page's Audit tab: who viewed this loan's personal data and what changed on it, newest first (audit.read). */
export function LoanAuditTab({ loanId }: { loanId: string }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  return <AuditLog filters={filters} onFiltersChange={setFilters} fixedLoanId={loanId} />;
}
