// The words of the application summary (design/screens.md,
// application-summary): each section's title and the labels of the values
// it shows. The values are the schema's enumerations (schemas/enums.cue);
// a value without a label here shows as it is stored.

// Section titles: a section of the application is titled by its label in
// the rules (funnel.steps' sections, spec §2 "Full application section
// labels" as the spec writes them), read by its step (sectionSteps); the
// parts that are no section of their own are titled by what they hold.
export const sectionSteps = {
  personal: 'application',
  property: 'application3',
  realEstate: 'application4',
  employment: 'application5',
  otherIncome: 'manualIncomeVerification',
  debts: 'debtConsolidation',
  demographics: 'application7',
  declarations: 'application8',
  disbursement: 'loanDisbursement',
} as const;

export const summaryParts = {
  offer: 'Your line of credit',
  liens: 'Mortgages on the home',
  business: 'Business information',
  verification: 'Income and identity verification',
  documents: 'Documents',
  signatures: 'Signed disclosures',
} as const;

/** The words of the offer's section: the policy's figures for the line chosen. */
export const offerLabels = {
  line: 'Line of credit',
  apr: 'Annual percentage rate (variable)',
  fee: 'Origination fee',
  drawPayment: (years: number) => `Monthly payment while you draw (${years} years, interest only, line fully drawn)`,
  repaymentPayment: (years: number) => `Monthly payment while you repay (${years} years, line fully drawn)`,
  firstDraw: 'First draw',
} as const;

/** The words of the documents' section. */
export const documentLabels = {
  count: (uploaded: number, required: number) => (required > 0 ? `${uploaded} of ${required} uploaded` : `${uploaded} uploaded`),
  none: 'No documents asked for yet.',
} as const;

/** The summary's way on: to the first page not done yet, or to the application's status once submitted. */
export const nextStepLabels = {
  open: 'Continue',
  submitted: 'See your application’s status',
} as const;

/** The words of the verification and signature sections. */
export const verificationLabels = {
  income: 'Income',
  identity: 'Identity',
  byPayroll: (provider: string | undefined, at: string) => `Verified through ${provider ?? 'a payroll network'} on ${at}`,
  byDocuments: 'Pay documents to upload',
  notChosen: 'Not chosen yet',
  idPassed: (id: string, at: string) => `${id} verified on ${at}`,
  idReview: (id: string, at: string) => `${id} in review since ${at}`,
  idFailed: (id: string, at: string) => `${id} not verified on ${at}: try another ID`,
  notChecked: 'Not checked yet',
  signedBy: (name: string, at: string) => `Signed as “${name}” on ${at}`,
  /** A signature of a text that has changed since: it no longer counts. */
  signedEarlierBy: (name: string, at: string) => `An earlier version signed as “${name}” on ${at}; it changed since, so it needs signing again`,
} as const;

export const valueLabels: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  citizenship: { usCitizen: 'U.S. citizen', permanentResident: 'Permanent resident alien', nonPermanentResident: 'Non-permanent resident alien' },
  maritalStatus: { unmarried: 'Unmarried', married: 'Married', separated: 'Separated' },
  militaryStatus: {
    survivingSpouse: 'Surviving spouse',
    currentlyServing: 'Currently serving on active duty',
    retiredOrDischardOrSeparated: 'Retired, discharged or separated from service',
    reserveOrNationalGuard: 'Reserve or National Guard',
    none: 'No military service',
  },
  housing: { Own: 'Currently Own', Rent: 'Currently Renting', NoPrimaryHousingExpense: 'Live Rent Free' },
  propertyType: { singleFamily: 'Single family', multiUnit: 'Multi-unit', condo: 'Condominium', townhouse: 'Townhouse', manufactured: 'Manufactured home' },
  usage: { primaryResidence: 'Primary Home', secondHome: 'Secondary Home', investment: 'Rental Property' },
  units: { '1': '1 (Single Family, Condo)', '2': '2 (Duplex)', '3': '3 (Triplex)', '4': '4 (Quadplex)', '5+': '5+' },
  titleHolding: {
    soleOwnership: 'Sole ownership',
    jointTenants: 'Joint tenants',
    tenantsInCommon: 'Tenants in common',
    tenancyByEntirety: 'Tenancy by the entirety',
    interVivosRevocableTrust: 'Inter vivos revocable trust',
    lifeEstate: 'Life estate',
    iDontKnow: 'I don’t know',
  },
  businessStructure: {
    soleProprietorship: 'Sole proprietorship',
    independentContractor: 'Independent contractor',
    partnership: 'Partnership',
    llc: 'Limited liability company (LLC)',
    sCorporation: 'S corporation',
    corporation: 'Corporation',
  },
  ownershipShare: { GreaterThanOrEqualTo25Percent: '25% or more', LessThan25Percent: 'Less than 25%' },
};

/** A stored value's label, or the value itself when it has none. */
export function labelOf(kind: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'Not given';
  const text = String(value);
  return valueLabels[kind]?.[text] ?? text;
}
