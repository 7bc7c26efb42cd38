// What application.get answers for the pages' tests: Ada Park's
// application with nothing in it yet but her name and the home's state,
// at a status, with what a test gives laid over it.

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
