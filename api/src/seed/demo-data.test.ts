import { describe, expect, test } from 'bun:test';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { verifyPassword } from '../passwords.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CALENDAR,
  DEMO_SLA_HOURS,
  DEMO_TICKET_COUNT,
  isDatabaseEmpty,
  seedDemoData,
} from './demo-data.ts';

type Fingerprint = Record<string, unknown>;

async function fingerprint(db: Awaited<ReturnType<typeof createScratchDatabase>>): Promise<Fingerprint> {
  const sql = db.sql;
  const rows = async (query: Promise<object[]>) => JSON.stringify(await query);
  return {
    users: await rows(
      sql`select username, role, status, approved_by is not null as approved from users order by username`,
    ),
    tickets: await rows(sql`
      select ticket_number, title, priority, status, category, assignee_id is not null as assigned
      from tickets order by ticket_number`),
    comments: await rows(sql`select is_internal, count(*)::int from ticket_comments group by 1 order by 1`),
    articles: await rows(sql`select slug, status, is_popular, view_count from kb_articles order by slug`),
    articleReading: await rows(sql`
      select a.slug, sum(v.views)::int as views from kb_article_views v join kb_articles a on a.id = v.article_id
      group by a.slug order by a.slug`),
    notifications: await rows(sql`
      select u.username, n.type, n.is_read from notifications n join users u on u.id = n.user_id
      order by u.username, n.created_at, n.type`),
  };
}

describe('demo data', () => {
  test('an empty database is seeded with every kind of demo object, consistently', async () => {
    const db = await createScratchDatabase();
    const sql = db.sql;
    try {
      expect(await isDatabaseEmpty(sql)).toBe(true);
      // The seed places reading on the days before its own today and the window check below
      // counts back from the database's today: both must be the same day.
      await clearOfUtcMidnight(sql);
      await seedDemoData(sql);
      expect(await isDatabaseEmpty(sql)).toBe(false);

      const users = await sql<
        { username: string; role: string; status: string; passwordHash: string; approvedBy: string | null }[]
      >`
        select username, role, status, password_hash as "passwordHash", approved_by as "approvedBy" from users`;
      expect(users).toHaveLength(DEMO_ACCOUNTS.length);
      for (const account of DEMO_ACCOUNTS.slice(0, 5)) {
        const user = users.find((u) => u.username === account.username);
        expect(user).toMatchObject({ role: account.role, status: account.status });
        expect(await verifyPassword(account.password, user?.passwordHash ?? '')).toBe(true);
      }
      expect(DEMO_ACCOUNTS.slice(0, 5).map((a) => [a.username, a.password])).toEqual([
        ['admin', 'Admin123!'],
        ['agent', 'Agent123!'],
        ['user', 'User1234!'],
        ['pending', 'Pending123!'],
        ['rejected', 'Rejected123!'],
      ]);
      for (const role of ['admin', 'agent', 'end_user']) {
        expect(users.filter((u) => u.role === role && u.status === 'active').length).toBeGreaterThanOrEqual(
          2,
        );
      }
      expect(users.filter((u) => u.status === 'pending').length).toBeGreaterThanOrEqual(2);
      expect(users.filter((u) => u.status === 'rejected').length).toBeGreaterThanOrEqual(2);
      const [audits] = await sql<{ count: number }[]>`select count(*)::int as count from admin_audit_logs`;
      expect(audits?.count).toBe(users.filter((u) => u.approvedBy !== null).length);

      const teams = await sql<{ name: string; members: number }[]>`
        select t.name, count(m.id)::int as members from teams t left join team_members m on m.team_id = t.id group by t.name`;
      expect(teams.filter((t) => t.members > 0).length).toBeGreaterThanOrEqual(3);

      const policies = await sql<{ priority: string; response: number; resolution: number }[]>`
        select priority, response_minutes / 60 as response, resolution_minutes / 60 as resolution from sla_policies where is_active`;
      expect(Object.fromEntries(policies.map((p) => [p.priority, [p.response, p.resolution]]))).toEqual(
        Object.fromEntries(Object.entries(DEMO_SLA_HOURS).map(([k, v]) => [k, [...v]])),
      );

      // The demo calendar is there to try; every demo policy still counts around the clock.
      const calendars = await sql<
        { name: string; timeZone: string; weeklyHours: unknown; holidays: unknown; policies: number }[]
      >`
        select c.name, c.time_zone as "timeZone", c.weekly_hours as "weeklyHours", c.holidays,
               (select count(*)::int from sla_policies p where p.calendar_id = c.id) as policies
        from business_calendars c`;
      expect([...calendars]).toEqual([
        {
          name: 'Office hours',
          timeZone: 'Europe/Berlin',
          weeklyHours: DEMO_CALENDAR.weeklyHours,
          holidays: DEMO_CALENDAR.holidays,
          policies: 0,
        },
      ]);
      expect(await sql`select 1 from sla_policies where calendar_id is not null`).toHaveLength(0);

      // Each ticket remembers its policy, and turns at risk with a quarter of each target left
      // (45 seconds: three quarters of each minute of the target).
      const [risk] = await sql<{ withoutPolicy: number; wrongPolicy: number; wrongRisk: number }[]>`
        select count(*) filter (where t.sla_policy_id is null)::int as "withoutPolicy",
               count(*) filter (where p.priority <> t.priority or not p.is_active)::int as "wrongPolicy",
               count(*) filter (where
                 t.sla_response_risk_at is distinct from t.sla_response_by - (t.sla_response_by - t.created_at) / 4
                 or t.sla_resolve_risk_at is distinct from t.sla_resolve_by - (t.sla_resolve_by - t.created_at) / 4
                 or t.sla_response_risk_at - t.created_at <> p.response_minutes * interval '45 seconds'
                 or t.sla_resolve_risk_at - t.created_at <> p.resolution_minutes * interval '45 seconds'
               )::int as "wrongRisk"
        from tickets t left join sla_policies p on p.id = t.sla_policy_id`;
      expect(risk).toEqual({ withoutPolicy: 0, wrongPolicy: 0, wrongRisk: 0 });

      const [tickets] = await sql<
        {
          total: number;
          statuses: number;
          priorities: number;
          categories: number;
          oldestDays: number;
          inconsistent: number;
          wrongSla: number;
          open: number;
          breached: number;
        }[]
      >`
        select count(*)::int as total,
               count(distinct t.status)::int as statuses,
               count(distinct t.priority)::int as priorities,
               count(distinct t.category)::int as categories,
               extract(epoch from now() - min(t.created_at)) / 86400 as "oldestDays",
               count(*) filter (where
                 (status = 'new' and (responded_at is not null or resolved_at is not null or closed_at is not null))
                 or (status = 'in_progress' and (responded_at is null or assignee_id is null or resolved_at is not null))
                 or (status = 'resolved' and (resolved_at is null or closed_at is not null))
                 or (status = 'closed' and (resolved_at is null or closed_at is null))
                 or responded_at < t.created_at or resolved_at < responded_at or closed_at < resolved_at
                 or greatest(t.created_at, responded_at, resolved_at, closed_at, t.updated_at) > now()
               )::int as inconsistent,
               count(*) filter (where sla_resolve_by - t.created_at <> make_interval(mins => p.resolution_minutes)
                                   or sla_response_by - t.created_at <> make_interval(mins => p.response_minutes))::int as "wrongSla",
               count(*) filter (where status in ('new', 'in_progress'))::int as open,
               count(*) filter (where status in ('new', 'in_progress') and sla_resolve_by < now())::int as breached
        from tickets t join sla_policies p on p.priority = t.priority`;
      expect(tickets).toMatchObject({
        total: DEMO_TICKET_COUNT,
        statuses: 4,
        priorities: 4,
        categories: 5,
        inconsistent: 0,
        wrongSla: 0,
      });
      expect(DEMO_TICKET_COUNT).toBeGreaterThanOrEqual(55);
      expect(Number(tickets?.oldestDays)).toBeLessThanOrEqual(31);
      expect(tickets?.open).toBeGreaterThan(5);
      expect(tickets?.breached).toBeGreaterThan(0);

      const comments = await sql<{ isInternal: boolean; count: number }[]>`
        select is_internal as "isInternal", count(*)::int as count from ticket_comments group by 1`;
      expect(comments.map((c) => c.isInternal).sort()).toEqual([false, true]);
      const [events] = await sql<
        { count: number }[]
      >`select count(distinct ticket_id)::int as count from ticket_events where event_type = 'created'`;
      expect(events?.count).toBe(DEMO_TICKET_COUNT);

      const [timeline] = await sql<
        { quiet: number; loud: number; wrongEvents: number; missingTeamEvents: number }[]
      >`
        select
          (select count(*)::int from tickets where not notify_requester) as quiet,
          (select count(*)::int from tickets where notify_requester) as loud,
          (select count(*)::int from ticket_events e join tickets t on t.id = e.ticket_id
            where (e.event_type = 'assigned'
                   and ((e.event_data ->> 'to')::uuid is distinct from t.assignee_id or e.event_data ->> 'toName' is null))
               or (e.event_type = 'team_changed'
                   and ((e.event_data ->> 'to')::uuid is distinct from t.team_id or e.event_data ->> 'toName' is null))
               or (e.event_type = 'comment_added'
                   and not exists (select 1 from ticket_comments c where c.id = (e.event_data ->> 'commentId')::uuid
                                   and c.is_internal = (e.event_data ->> 'isInternal')::boolean))
          ) as "wrongEvents",
          (select count(*)::int from tickets t where t.team_id is not null and not exists (
            select 1 from ticket_events e where e.ticket_id = t.id and e.event_type = 'team_changed')) as "missingTeamEvents"`;
      expect(timeline?.quiet).toBeGreaterThan(0);
      expect(timeline?.loud).toBeGreaterThan(0);
      expect(timeline?.wrongEvents).toBe(0);
      expect(timeline?.missingTeamEvents).toBe(0);

      const articles = await sql<{ status: string; count: number; popular: number; multiline: number }[]>`
        select status, count(*)::int as count, count(*) filter (where is_popular)::int as popular,
               count(*) filter (where content like '%' || chr(10) || '%')::int as multiline
        from kb_articles group by status`;
      expect(articles.map((a) => a.status).sort()).toEqual(['archived', 'draft', 'published']);
      expect(articles.find((a) => a.status === 'published')?.popular).toBeGreaterThanOrEqual(5);
      expect(articles.every((a) => a.multiline === a.count)).toBe(true);
      // Popularity comes from reading: published articles have daily views (never more than their
      // all-time count), the window's sums match them, and the five most read are published.
      const [reading] = await sql<
        { unpublishedRead: number; overCounted: number; windowMismatches: number; topRead: number }[]
      >`
        select
          (select count(distinct v.article_id)::int from kb_article_views v
             join kb_articles a on a.id = v.article_id where a.status <> 'published') as "unpublishedRead",
          (select count(*)::int from kb_articles a
             where a.view_count < (select coalesce(sum(v.views), 0) from kb_article_views v where v.article_id = a.id))
            as "overCounted",
          (select count(*)::int from kb_articles a
             left join kb_article_recent_views r on r.article_id = a.id
             where coalesce(r.views, 0) <> (select coalesce(sum(v.views), 0) from kb_article_views v
                                            where v.article_id = a.id and v.viewed_on > current_date - 30))
            as "windowMismatches",
          (select count(*)::int from kb_article_recent_views r join kb_articles a on a.id = r.article_id
             where a.status = 'published' and r.views > 0) as "topRead"`;
      expect(reading).toMatchObject({ unpublishedRead: 0, overCounted: 0, windowMismatches: 0 });
      expect(reading?.topRead).toBeGreaterThanOrEqual(5);

      const notifications = await sql<{ username: string; isRead: boolean; count: number }[]>`
        select u.username, n.is_read as "isRead", count(*)::int as count
        from notifications n join users u on u.id = n.user_id group by 1, 2`;
      for (const username of ['admin', 'agent']) {
        expect(
          notifications
            .filter((n) => n.username === username)
            .map((n) => n.isRead)
            .sort(),
        ).toEqual([false, true]);
      }
    } finally {
      await db.drop();
    }
  }, 30_000);

  test('is deterministic: two runs give the same data apart from ids and the clock', async () => {
    const first = await createScratchDatabase();
    const second = await createScratchDatabase();
    try {
      await seedDemoData(first.sql);
      await seedDemoData(second.sql);
      expect(await fingerprint(first)).toEqual(await fingerprint(second));
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
