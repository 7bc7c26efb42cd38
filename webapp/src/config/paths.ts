// Every literal route of the product (spec §2) is listed once, in
// src/app/routes.json, which the Go server embeds too: it answers 200 for
// these paths and 404 for any other. Everything here is built from that file.

import data from '@/app/routes.json';

export const AREAS = [
  'public',
  'login',
  'landing',
  'initialSetup',
  'ineligible',
  'application',
  'standalone',
  'portal',
  'prequal',
  'waitlist',
  'error',
] as const;

export type Area = (typeof AREAS)[number];

export type RouteEntry = {
  path: string;
  title: string;
  area: Area;
};

function isArea(value: string): value is Area {
  return (AREAS as readonly string[]).includes(value);
}

export const routes: readonly RouteEntry[] = data.routes.map((r) => {
  if (!isArea(r.area)) throw new Error(`routes.json: ${r.path} has an unknown area ${r.area}`);
  return { path: r.path, title: r.title, area: r.area };
});

const byPath = new Map(routes.map((r) => [r.path, r]));

export function findRoute(path: string): RouteEntry | undefined {
  return byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** The path itself, once checked against routes.json. */
function route(path: string): string {
  if (!byPath.has(path)) throw new Error(`${path} is not in routes.json`);
  return path;
}

/** The routes of one area under a common prefix, keyed by the rest of the path. */
function group(area: Area, prefix: string): Readonly<Record<string, string>> {
  return Object.fromEntries(
    routes.filter((r) => r.area === area && r.path.startsWith(prefix)).map((r) => [r.path.slice(prefix.length), r.path]),
  );
}

export const LANDING_PREFIX = '/start/';
export const INITIAL_SETUP_PREFIX = '/app/initial-setup/';
export const PREQUAL_PREFIX = '/prequal/';
export const APPLICATION_PREFIX = '/app/application/';
export const INELIGIBLE_PREFIX = '/app/ineligible/';

export const paths = {
  home: route('/'),
  insights: route('/insights'),
  insightBlog: route('/insight-blog'),
  faq: route('/faq'),
  privacyStatement: route('/privacy-statement'),
  license: route('/license'),
  eConsent: route('/e-consent'),
  termsOfUse: route('/terms-of-use'),
  appLogin: route('/app/login'),
  portalLogin: route('/portal/login'),
  portal: route('/portal'),
  /** One application: /portal/loan?id=... */
  portalLoan: route('/portal/loan'),
  portalManageUsers: route('/portal/manage-users'),
  portalAudit: route('/portal/audit'),
  portalPolicyRevisions: route('/portal/policy-revisions'),
  portalInvite: route('/portal/invite'),
  upload: route('/app/upload'),
  bankStatement: route('/app/bank-statement'),
  /** The coborrower's own part, in their own sign-in (issue 23 item 4). */
  coborrower: route('/app/coborrower'),
  error: route('/error'),
  joinWaitlist: route('/join-waitlist'),
  /** By slug: name, email, phone, contact-information, ... (the landing funnel). */
  landing: group('landing', LANDING_PREFIX),
  /** By slug: property-value, zip, ... */
  initialSetup: group('initialSetup', INITIAL_SETUP_PREFIX),
  /** /prequal itself: the way in to the /prequal path, which goes on to its first page. */
  prequalStart: route('/prequal'),
  /** By slug: address, listed-for-sale, ... */
  prequal: group('prequal', PREQUAL_PREFIX),
  /** By slug: 1, 4/coborrower, income-verification, ... */
  application: group('application', APPLICATION_PREFIX),
  /** By reason: low-equity, boost, late-payment. */
  ineligible: group('ineligible', INELIGIBLE_PREFIX),
} as const;

/** The link to one insight post. */
export function insightPath(slug: string): string {
  return `${paths.insightBlog}?slug=${encodeURIComponent(slug)}`;
}
