import data from './routes.json';
import { AREAS, paths, routes } from '@/config/paths';

// Spec §2, written out here independently of routes.json.
const landing = [
  'name', 'email', 'phone', 'contact-information', 'annual-income', 'monthly-debts', 'desired-amount',
  'loan-reason', 'best-offer-summary', 'after-offer',
].map((s) => `/start/${s}`);
const initialSetup = [
  'property-usage', 'credit-income', 'has-fbm', 'preview-offer', 'zip', 'property-value',
  'mortgage-balance', 'coborrower', 'credit-score', 'credit-range', 'is-self-employed', 'mortgage-estimate',
  'pre-offer',
].map((s) => `/app/initial-setup/${s}`);
const ineligible = ['low-equity', 'boost', 'late-payment'].map((s) => `/app/ineligible/${s}`);
const application = [
  '1', '2', '3', '4', '4/coborrower', 'income-verification', '6', '7', 'upload', 'debt-consolidation',
  'other-income', 'other-income/coborrower', 'identity-verification', 'sign', 'loan-disbursement',
  'submitted', 'application-summary', 'business-information', 'faqs',
].map((s) => `/app/application/${s}`);
// And /prequal itself, the path's way in (issue 22: it was a 404).
const prequal = [
  '/prequal',
  ...[
    'address', 'listed-for-sale', 'subject-to-mortgage', 'has-fbm', 'credit-check', 'coborrower',
    'mortgage-select', 'debts', 'pre-offer', 'preview-offer',
  ].map((s) => `/prequal/${s}`),
];

const expected: Record<string, string[]> = {
  public: ['/', '/insights', '/insight-blog', '/faq', '/privacy-statement', '/license', '/e-consent', '/terms-of-use'],
  login: ['/app/login', '/portal/login', '/portal/invite'],
  landing,
  initialSetup,
  ineligible,
  application,
  standalone: ['/app/upload', '/app/bank-statement', '/app/coborrower'],
  portal: ['/portal', '/portal/loan', '/portal/manage-users', '/portal/audit', '/portal/policy-revisions'],
  prequal,
  waitlist: ['/join-waitlist'],
  error: ['/error'],
};

describe('routes.json', () => {
  it('lists every literal route of the spec, in its area', () => {
    for (const [area, list] of Object.entries(expected)) {
      const got = data.routes.filter((r) => r.area === area).map((r) => r.path).sort();
      expect(got, area).toEqual([...list].sort());
    }
  });

  it('lists nothing else', () => {
    const all = Object.values(expected).flat();
    expect(data.routes.map((r) => r.path).sort()).toEqual(all.sort());
  });

  it('has no duplicate path', () => {
    const seen = new Set<string>();
    const dupes = data.routes.map((r) => r.path).filter((p) => seen.size === seen.add(p).size);
    expect(dupes).toEqual([]);
  });

  it('gives every route a title and a known area', () => {
    for (const r of data.routes) {
      expect(r.title.trim(), r.path).not.toBe('');
      expect(AREAS, r.path).toContain(r.area);
    }
  });
});

describe('paths', () => {
  it('is built from routes.json', () => {
    expect(routes).toHaveLength(data.routes.length);
    expect(Object.keys(paths.initialSetup).sort()).toEqual(initialSetup.map((p) => p.split('/').pop()).sort());
    expect(paths.application['4/coborrower']).toBe('/app/application/4/coborrower');
    expect(paths.prequal['listed-for-sale']).toBe('/prequal/listed-for-sale');
    expect(paths.ineligible.boost).toBe('/app/ineligible/boost');
    expect(paths.home).toBe('/');
  });
});
