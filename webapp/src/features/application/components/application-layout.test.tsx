import { screen, within } from '@testing-library/react';

import type { FlowPage, FunnelPages } from '@/api/get-funnel-pages';
import { ok, renderRoutes, stubTRPC } from '@/testing/test-utils';

import { ApplicationLayout } from './application-layout';
import { ApplicationPage } from './application-page';

// A loan's application as funnel.pages might answer it: made up here, since
// the layout renders whatever the policy says.
function flow(current: string, withCoborrower: boolean): FunnelPages {
  const rows: [string, string, string][] = [
    ['/app/application/1', 'Personal info', 'Personal Info'],
    ['/app/application/4', 'Employment history', 'Employment History'],
    ...(withCoborrower
      ? ([['/app/application/4/coborrower', 'Coborrower employment history', 'Employment History']] as [string, string, string][])
      : []),
    ['/app/application/other-income', 'Other income', 'Other Income Sources'],
  ];
  const at = rows.findIndex(([path]) => path === current);
  const pages: FlowPage[] = rows.map(([path, label, section], i) => ({
    path,
    label,
    section,
    area: 'application',
    step: section,
    order: null,
    state: i < at || (at < 0 && i === 0) ? 'done' : i === at ? 'current' : 'upcoming',
    open: i <= Math.max(at, 0),
  }));
  const page = (i: number) => (pages[i] ? { ...pages[i]!, state: undefined } : null);
  return { area: 'application', pages, previous: at > 0 ? page(at - 1) : null, next: at >= 0 ? page(at + 1) : null, progress: at >= 0 ? { step: at + 1, of: pages.length } : null };
}

function renderApplication(path: string) {
  return renderRoutes(path, [
    { Component: ApplicationLayout, children: [{ path: '/app/application/*', element: <ApplicationPage /> }] },
  ]);
}

describe('application layout', () => {
  it('lists the sections the policy returns, with a section’s pages under it, and marks the current one', async () => {
    stubTRPC({ 'funnel.pages': (input) => ok(flow((input as { path: string }).path, true)) });
    renderApplication('/app/application/4/coborrower');
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    const sections = within(nav).getAllByRole('listitem').filter((li) => li.parentElement?.parentElement === nav);
    expect(sections.map((li) => li.firstElementChild?.textContent)).toEqual([
      'Personal Info (done)',
      '2Employment History',
      '3Other Income Sources (opens after the pages before it)',
    ]);
    // A page after the one being filled in is named but not a link: the application is filled in order.
    expect(within(nav).queryByRole('link', { name: /Other Income Sources/ })).not.toBeInTheDocument();
    expect(within(nav).getByText('Other Income Sources').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Employment History' })).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByRole('link', { name: 'Coborrower employment history' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /^Employment history\s*\(done\)$/ })).toHaveAttribute('href', '/app/application/4');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/application/other-income');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/application/4');
    expect(screen.getAllByText('Employment History').length).toBeGreaterThan(0);
  });

  it('shows no coborrower page for a loan without one', async () => {
    stubTRPC({ 'funnel.pages': (input) => ok(flow((input as { path: string }).path, false)) });
    renderApplication('/app/application/4');
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    expect(within(nav).queryByRole('link', { name: /Coborrower/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/application/other-income');
  });

  it('leads from a page beside the flow back to where the loan is', async () => {
    stubTRPC({ 'funnel.pages': (input) => ok(flow((input as { path: string }).path, false)) });
    renderApplication('/app/application/faqs');
    expect(await screen.findByRole('link', { name: 'Back to Employment history' })).toHaveAttribute('href', '/app/application/4');
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
