import { ok, sandboxSystemInfo } from '@/testing/test-utils';

// What the application pages' tests answer: application.get's view (Ada
// Park's application with nothing in it yet but her name and the home's
// state, at a status, with what a test gives laid over it), and what every
// page asks besides its own procedures.

type Over = {
  application?: Record<string, unknown>;
  applicationStatus?: string;
  readOnly?: boolean;
  hasCoborrower?: boolean;
};

export function anApplicationView({ application = {}, applicationStatus = 'application', readOnly = false, hasCoborrower = false }: Over = {}) {
  return {
    application: {
      user: { firstName: 'Ada', lastName: 'Park', employments: [], incomeSources: [], formerAddresses: [], employmentGaps: [], mailingAddress: null },
      coborrower: null,
      uploads: [],
      property: { state: 'CA' },
      mortgages: [],
      liabilities: [],
      propertyOwnerships: [],
      isInTrust: false,
      ...application,
    },
    applicationStatus,
    readOnly,
    hasCoborrower,
  };
}

/** What every application page asks besides its own: the system's info and its draft (none yet), whose saving is answered. */
export function pageBasics() {
  return {
    'system.info': () => ok(sandboxSystemInfo),
    'application.draft': () => ok({ draft: null, savedAt: null }),
    'application.saveDraft': () => ok({ savedAt: '2026-11-25T10:00:00Z' }),
  };
}
