import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { SIGNED_IN_PAGES } from '../layout/signed-in-pages.ts';
import { DashboardFirstPaint, PageFirstPaint } from './first-paint.tsx';

const paint = (role: 'end_user' | 'agent' | 'admin', firstName = 'Avery') =>
  renderToStaticMarkup(
    <DashboardFirstPaint userRole={role} page={SIGNED_IN_PAGES.home} firstName={firstName} />,
  );

const linkLabels = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)"[^>]*>.*?<\/svg>([^<]+)<\/a>/g)].map(
    ([, href, label]) => `${href} ${label}`,
  );

describe("the dashboard's first paint", () => {
  test("draws the role's navigation as plain links, the dashboard's marked current", () => {
    expect(linkLabels(paint('end_user'))).toEqual([
      '/ Dashboard',
      '/tickets My Tickets',
      '/kb Knowledge Base',
    ]);
    expect(linkLabels(paint('agent'))).toEqual(['/ Dashboard', '/tickets All Tickets', '/kb Knowledge Base']);
    expect(linkLabels(paint('admin'))).toEqual([
      '/ Dashboard',
      '/tickets All Tickets',
      '/kb Knowledge Base',
      '/admin/users Users &amp; Teams',
      '/admin/settings Settings',
      '/admin/reports Reports',
      '/admin/service-levels Service levels',
      '/admin/automation Automation',
    ]);
    expect(paint('agent').match(/aria-current="page"/g)).toHaveLength(1);
    expect(paint('agent')).toMatch(/<a href="\/" aria-current="page"/);
  });

  test('greets by first name with the role\'s subtitle, under the "Dashboard" title', () => {
    expect(paint('agent')).toContain('>Welcome back, Avery</h2>');
    expect(paint('agent')).toContain('How the help desk is doing right now.');
    expect(paint('end_user')).toContain('Your support requests at a glance.');
    expect(paint('admin')).toMatch(/data-testid="page-title">Dashboard<\/h1>/);
  });

  test("holds the metric cards' skeleton, no data, no scripts, nothing interactive but links", () => {
    const html = paint('admin', '<script>alert(1)</script>');
    expect(html.match(/data-testid="metric-card-skeleton"/g)).toHaveLength(4);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/ on[a-z]+=/);
    expect(html).not.toContain('<form');
  });

  test('another page: its title, its navigation entry current, an empty page area', () => {
    const html = renderToStaticMarkup(<PageFirstPaint userRole="agent" page={SIGNED_IN_PAGES.ticket} />);
    expect(html).toMatch(/data-testid="page-title">Ticket Details<\/h1>/);
    expect(html).toMatch(/<a href="\/tickets" aria-current="page"/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<main class="flex-1 p-4 md:p-6 lg:p-8"></main>');
    const profile = renderToStaticMarkup(<PageFirstPaint userRole="admin" page={SIGNED_IN_PAGES.profile} />);
    expect(profile).not.toContain('aria-current');
    expect(profile).toMatch(/data-testid="page-title">Profile<\/h1>/);
  });
});
