import {
  fillServerText,
  NOTIFICATION_MESSAGES,
  type TCreateBusinessCalendarRequest,
  TICKET_STATUS_LABELS,
  type TUserRole,
  type TUserStatus,
} from '@helpdesk/contracts';
import type { Sql, TransactionSql } from 'postgres';
import { rebuildRecentViews } from '../kb/view-window.ts';
import { hashPassword } from '../passwords.ts';
import {
  AGENT_REPLIES,
  INTERNAL_NOTES,
  KB_ARTICLES,
  KB_CATEGORIES,
  REQUESTER_REPLIES,
  TICKET_TEMPLATES,
  type TicketCategory,
} from './demo-content.ts';
import { createRandom } from './random.ts';

export type DemoAccount = {
  username: string;
  password: string;
  role: TUserRole;
  status: TUserStatus;
  firstName: string;
  lastName: string;
  email: string;
  /** When the account registered, in days before the seed ran. */
  daysAgo: number;
  /** Their own language; absent: the desk's. */
  language?: 'en' | 'es' | 'fr' | 'de';
};

/** The password of every demo account beyond the five named ones. */
export const DEMO_OTHER_PASSWORD = 'Demo1234!';

const other = (
  username: string,
  role: TUserRole,
  status: TUserStatus,
  firstName: string,
  lastName: string,
  daysAgo: number,
): DemoAccount => ({
  username,
  password: DEMO_OTHER_PASSWORD,
  role,
  status,
  firstName,
  lastName,
  email: `${username}@example.com`,
  daysAgo,
});

/** The demo accounts (the README lists them). The first one is the admin who approved the others. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    password: 'Admin123!',
    role: 'admin',
    status: 'active',
    firstName: 'Avery',
    lastName: 'Morgan',
    email: 'admin@example.com',
    daysAgo: 120,
    // The admin who tries the desk's language setting keeps reading the screens they changed it on:
    // everyone else who chose none follows the new default.
    language: 'en',
  },
  {
    username: 'agent',
    password: 'Agent123!',
    role: 'agent',
    status: 'active',
    firstName: 'Jordan',
    lastName: 'Lee',
    email: 'agent@example.com',
    daysAgo: 110,
  },
  {
    username: 'user',
    password: 'User1234!',
    role: 'end_user',
    status: 'active',
    firstName: 'Taylor',
    lastName: 'Smith',
    email: 'user@example.com',
    daysAgo: 90,
  },
  {
    username: 'pending',
    password: 'Pending123!',
    role: 'end_user',
    status: 'pending',
    firstName: 'Riley',
    lastName: 'Johnson',
    email: 'pending@example.com',
    daysAgo: 2,
  },
  {
    username: 'rejected',
    password: 'Rejected123!',
    role: 'end_user',
    status: 'rejected',
    firstName: 'Morgan',
    lastName: 'Blake',
    email: 'rejected@example.com',
    daysAgo: 20,
  },
  other('sam.rivera', 'admin', 'active', 'Sam', 'Rivera', 100),
  other('priya.patel', 'agent', 'active', 'Priya', 'Patel', 95),
  other('marcus.chen', 'agent', 'active', 'Marcus', 'Chen', 80),
  other('elena.garcia', 'agent', 'active', 'Elena', 'Garcia', 60),
  other('david.kim', 'end_user', 'active', 'David', 'Kim', 75),
  other('sofia.rossi', 'end_user', 'active', 'Sofia', 'Rossi', 70),
  other('liam.oconnor', 'end_user', 'active', 'Liam', "O'Connor", 50),
  other('emma.wilson', 'end_user', 'active', 'Emma', 'Wilson', 40),
  other('noah.brown', 'end_user', 'active', 'Noah', 'Brown', 35),
  other('olivia.martin', 'end_user', 'pending', 'Olivia', 'Martin', 1),
  other('ethan.clark', 'end_user', 'pending', 'Ethan', 'Clark', 3),
  other('lucas.white', 'end_user', 'rejected', 'Lucas', 'White', 15),
];

export const DEMO_TICKET_COUNT = TICKET_TEMPLATES.length;

type Priority = 'low' | 'medium' | 'high' | 'critical';
type TicketStatus = 'new' | 'in_progress' | 'resolved' | 'closed';

/** Response and resolution targets in hours, one active policy per priority. */
export const DEMO_SLA_HOURS: Readonly<Record<Priority, readonly [number, number]>> = {
  critical: [1, 4],
  high: [4, 24],
  medium: [8, 48],
  low: [24, 120],
};

/**
 * A business calendar for admins to try: no demo policy counts in it, so the demo deadlines stay
 * plain elapsed time.
 */
export const DEMO_CALENDAR: TCreateBusinessCalendarRequest = {
  name: 'Office hours',
  timeZone: 'Europe/Berlin',
  weeklyHours: {
    monday: [{ start: '09:00', end: '17:00' }],
    tuesday: [{ start: '09:00', end: '17:00' }],
    wednesday: [{ start: '09:00', end: '17:00' }],
    thursday: [{ start: '09:00', end: '17:00' }],
    friday: [{ start: '09:00', end: '17:00' }],
    saturday: [],
    sunday: [],
  },
  holidays: [
    { date: '2026-12-25', name: 'Christmas Day', everyYear: true },
    { date: '2026-12-26', name: 'Boxing Day', everyYear: true },
  ],
};

/** When a target turns at risk: three quarters of it used (around the clock, as every demo policy counts). */
export const DEMO_AT_RISK_SHARE = 0.75;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const repeat = <T>(value: T, count: number): T[] => Array.from({ length: count }, () => value);

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/** True when no user exists yet: `bun dev` then loads the demo data. */
export async function isDatabaseEmpty(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ isEmpty: boolean }[]>`select not exists (select 1 from users) as "isEmpty"`;
  return row?.isEmpty ?? true;
}

type Tx = TransactionSql;

/**
 * Loads the demo data in one transaction: the demo accounts (approved by the admin, with audit
 * rows), teams with members, one SLA policy per priority (around the clock) and a business calendar
 * no policy uses yet, about 60 tickets over the last 30 days
 * with comments and events, the knowledge base, notifications for the admin and the agent, and
 * the desk's settings.
 * Deterministic apart from ids and the moment it runs (every date is relative to now).
 */
export async function seedDemoData(sql: Sql): Promise<void> {
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    if (!hashes.has(account.password)) hashes.set(account.password, await hashPassword(account.password));
  }
  const now = Date.now();
  await sql.begin(async (tx) => {
    const users = await seedUsers(tx, hashes, now);
    const teams = await seedTeams(tx, users, now);
    const policies = await seedServiceLevels(tx, now);
    const tickets = await seedTickets(tx, users, teams, policies, now);
    await seedKnowledgeBase(tx, users, now);
    await seedNotifications(tx, users, tickets, now);
    await seedSettings(tx, users, now);
  });
}

type UserIds = Map<string, string>;

function idOf(ids: UserIds, username: string): string {
  const id = ids.get(username);
  if (!id) throw new Error(`demo user ${username} is missing`);
  return id;
}

async function seedUsers(tx: Tx, hashes: Map<string, string>, now: number): Promise<UserIds> {
  const random = createRandom(1);
  const [first, ...rest] = DEMO_ACCOUNTS;
  if (!first) throw new Error('no demo accounts');
  const row = (account: DemoAccount, approvedBy: string | null) => {
    const createdAt = new Date(now - account.daysAgo * DAY);
    const isDecided = approvedBy !== null && account.status !== 'pending';
    return {
      username: account.username,
      email: account.email,
      // The demo people own their addresses, as everyone from before confirmation links does.
      email_verified_at: createdAt,
      password_hash: hashes.get(account.password) ?? '',
      first_name: account.firstName,
      last_name: account.lastName,
      role: account.role,
      status: account.status,
      approved_by: isDecided ? approvedBy : null,
      approved_at: isDecided ? new Date(createdAt.getTime() + DAY) : null,
      last_login_at: account.status === 'active' ? new Date(now - random.between(1, 72) * HOUR) : null,
      created_at: createdAt,
      updated_at: createdAt,
      language: account.language ?? null,
    };
  };
  const [admin] = await tx<{ id: string }[]>`insert into users ${tx([row(first, null)])} returning id`;
  if (!admin) throw new Error('the demo admin was not inserted');
  const inserted = await tx<{ id: string; username: string }[]>`
    insert into users ${tx(rest.map((account) => row(account, admin.id)))} returning id, username`;
  const ids: UserIds = new Map([
    [first.username, admin.id],
    ...inserted.map((u) => [u.username, u.id] as const),
  ]);
  const decided = rest.filter((account) => account.status !== 'pending');
  await tx`
    insert into admin_audit_logs ${tx(
      decided.map((account) => ({
        admin_user_id: admin.id,
        action: account.status === 'rejected' ? 'user.rejected' : 'user.approved',
        target_user_id: idOf(ids, account.username),
        details: tx.json({ username: account.username, from: 'pending', to: account.status }),
        ip_address: '127.0.0.1',
        user_agent: 'demo data',
        created_at: new Date(now - account.daysAgo * DAY + DAY),
      })),
    )}`;
  return ids;
}

type TeamIds = { serviceDesk: string; infrastructure: string; applications: string; security: string };

async function seedTeams(tx: Tx, users: UserIds, now: number): Promise<TeamIds> {
  const teams = [
    {
      key: 'serviceDesk',
      name: 'Service Desk',
      description: 'First-line support: triage, password resets and everyday requests.',
    },
    { key: 'infrastructure', name: 'Infrastructure', description: 'Servers, networks, VPN and hardware.' },
    {
      key: 'applications',
      name: 'Applications',
      description: 'Business applications, licences and software installs.',
    },
    { key: 'security', name: 'Security', description: null },
    { key: 'onboarding', name: 'Onboarding', description: 'Equipment and accounts for new starters.' },
  ] as const;
  const created = new Date(now - 100 * DAY);
  const rows = await tx<{ id: string; name: string }[]>`
    insert into teams ${tx(teams.map((t) => ({ name: t.name, description: t.description, created_at: created, updated_at: created })))}
    returning id, name`;
  const idByName = new Map(rows.map((r) => [r.name, r.id]));
  const teamId = (name: string) => {
    const id = idByName.get(name);
    if (!id) throw new Error(`demo team ${name} is missing`);
    return id;
  };
  const members: [string, string, 'lead' | 'member'][] = [
    ['Service Desk', 'agent', 'lead'],
    ['Service Desk', 'priya.patel', 'member'],
    ['Service Desk', 'marcus.chen', 'member'],
    ['Infrastructure', 'marcus.chen', 'lead'],
    ['Infrastructure', 'elena.garcia', 'member'],
    ['Infrastructure', 'sam.rivera', 'member'],
    ['Applications', 'elena.garcia', 'lead'],
    ['Applications', 'agent', 'member'],
    ['Security', 'admin', 'lead'],
    ['Security', 'sam.rivera', 'member'],
  ];
  await tx`
    insert into team_members ${tx(
      members.map(([team, username, role], index) => ({
        team_id: teamId(team),
        user_id: idOf(users, username),
        role,
        created_at: new Date(now - (90 - index) * DAY),
      })),
    )}`;
  return {
    serviceDesk: teamId('Service Desk'),
    infrastructure: teamId('Infrastructure'),
    applications: teamId('Applications'),
    security: teamId('Security'),
  };
}

type PolicyIds = Record<Priority, string>;

async function seedServiceLevels(tx: Tx, now: number): Promise<PolicyIds> {
  const created = new Date(now - 100 * DAY);
  const labels: Record<Priority, string> = {
    critical: 'Critical',
    high: 'High',
    medium: 'Medium',
    low: 'Low',
  };
  await tx`
    insert into business_calendars (name, time_zone, weekly_hours, holidays, created_at, updated_at)
    values (${DEMO_CALENDAR.name}, ${DEMO_CALENDAR.timeZone}, ${tx.json(DEMO_CALENDAR.weeklyHours)},
            ${tx.json(DEMO_CALENDAR.holidays)}, ${created}, ${created})`;
  const rows = await tx<{ id: string; priority: Priority }[]>`
    insert into sla_policies ${tx(
      (Object.keys(DEMO_SLA_HOURS) as Priority[]).map((priority) => ({
        name: `${labels[priority]} priority`,
        priority,
        response_minutes: DEMO_SLA_HOURS[priority][0] * 60,
        resolution_minutes: DEMO_SLA_HOURS[priority][1] * 60,
        created_at: created,
        updated_at: created,
      })),
    )}
    returning id, priority`;
  return Object.fromEntries(rows.map((row) => [row.priority, row.id])) as PolicyIds;
}

export type SeededTicket = {
  id: string;
  ticketNumber: string;
  title: string;
  status: TicketStatus;
  requesterId: string;
  assigneeId: string | null;
  createdAt: number;
  respondedAt: number | null;
  resolvedAt: number | null;
  slaResolveBy: number;
};

const TEAM_NAMES: Record<keyof TeamIds, string> = {
  serviceDesk: 'Service Desk',
  infrastructure: 'Infrastructure',
  applications: 'Applications',
  security: 'Security',
};

function fullNameOf(username: string | null): string | null {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  return account ? `${account.firstName} ${account.lastName}` : null;
}

const TEAM_FOR_CATEGORY: Record<TicketCategory, keyof TeamIds> = {
  technical: 'serviceDesk',
  access: 'serviceDesk',
  software: 'applications',
  hardware: 'infrastructure',
  other: 'serviceDesk',
};

async function seedTickets(
  tx: Tx,
  users: UserIds,
  teams: TeamIds,
  policies: PolicyIds,
  now: number,
): Promise<SeededTicket[]> {
  const random = createRandom(20_240_601);
  const count = TICKET_TEMPLATES.length;
  const priorities = random.shuffle<Priority>([
    ...repeat<Priority>('critical', 6),
    ...repeat<Priority>('high', 15),
    ...repeat<Priority>('medium', 24),
    ...repeat<Priority>('low', 15),
  ]);
  const templates = random.shuffle(TICKET_TEMPLATES);
  const otherRequesters = ['david.kim', 'sofia.rossi', 'liam.oconnor', 'emma.wilson', 'noah.brown'];
  const agents = ['agent', 'agent', 'priya.patel', 'marcus.chen', 'elena.garcia', 'sam.rivera'];
  const adminId = idOf(users, 'admin');
  const clamp = (time: number, min: number, max: number) => Math.min(Math.max(time, min), max);
  let resolvedTodayLeft = 3;
  let overdueLeft = 6;
  // A ticket older than its resolution target is mostly done (resolved, or closed after a week);
  // a few stay open past the target, so the dashboard has some SLA breaches. Younger tickets are
  // new or being worked on.
  const statusFor = (ageHours: number, responseHours: number, resolutionHours: number): TicketStatus => {
    if (ageHours > resolutionHours) {
      if (overdueLeft > 0 && random.next() < 0.2) {
        overdueLeft--;
        return random.next() < 0.5 ? 'new' : 'in_progress';
      }
      return ageHours > 7 * 24 && random.next() < 0.65 ? 'closed' : 'resolved';
    }
    if (ageHours < responseHours) return 'new';
    return random.next() < 0.35 ? 'new' : 'in_progress';
  };

  const tickets: SeededTicket[] = [];
  const comments: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const event = (
    ticketId: string,
    userId: string | null,
    type: string,
    data: Record<string, string | boolean | null>,
    at: number,
  ) =>
    events.push({
      ticket_id: ticketId,
      user_id: userId,
      event_type: type,
      event_data: tx.json(data),
      created_at: new Date(at),
    });

  for (let index = 0; index < count; index++) {
    const template = templates[index];
    const priority = priorities[index];
    if (!template || !priority) throw new Error('demo ticket lists are out of step');
    const id = crypto.randomUUID();
    const requesterId = idOf(users, index % 3 === 0 ? 'user' : random.pick(otherRequesters));
    // Spread over 30 days, denser towards today, as a live queue is.
    const age = 29.5 * ((count - 1 - index) / (count - 1)) ** 1.6 * DAY;
    const createdAt = Math.min(now - 2 * HOUR, now - age - random.between(2, 6) * HOUR);
    const [responseHours, resolutionHours] = DEMO_SLA_HOURS[priority];
    const status = statusFor((now - createdAt) / HOUR, responseHours, resolutionHours);
    const slaResponseBy = createdAt + responseHours * HOUR;
    const slaResolveBy = createdAt + resolutionHours * HOUR;
    const slaResponseRiskAt = createdAt + DEMO_AT_RISK_SHARE * responseHours * HOUR;
    const slaResolveRiskAt = createdAt + DEMO_AT_RISK_SHARE * resolutionHours * HOUR;
    const isStarted = status !== 'new';
    const assigneeName = isStarted ? random.pick(agents) : null;
    const assigneeId = assigneeName ? idOf(users, assigneeName) : null;
    const teamId = isStarted || random.next() < 0.35 ? teams[TEAM_FOR_CATEGORY[template.category]] : null;
    const respondedAt = isStarted
      ? clamp(
          createdAt + responseHours * HOUR * random.between(0.15, 1.1),
          createdAt + 5 * MINUTE,
          now - 20 * MINUTE,
        )
      : null;
    let resolvedAt: number | null = null;
    if ((status === 'resolved' || status === 'closed') && respondedAt !== null) {
      const isResolvedToday = status === 'resolved' && now - createdAt < 4 * DAY && resolvedTodayLeft > 0;
      if (isResolvedToday) resolvedTodayLeft--;
      const target = isResolvedToday
        ? now - random.between(0.5, 2) * HOUR
        : createdAt + resolutionHours * HOUR * random.between(0.3, 1.1);
      resolvedAt = clamp(target, respondedAt + 10 * MINUTE, now - 5 * MINUTE);
    }
    const closedAt =
      status === 'closed' && resolvedAt !== null
        ? clamp(resolvedAt + random.between(1, 3) * DAY, resolvedAt + HOUR, now - 10 * MINUTE)
        : null;

    let lastActivity = closedAt ?? resolvedAt ?? respondedAt ?? createdAt;
    const comment = (authorId: string, content: string, isInternal: boolean, at: number) => {
      const commentId = crypto.randomUUID();
      const time = Math.min(at, now - MINUTE);
      comments.push({
        id: commentId,
        ticket_id: id,
        author_id: authorId,
        content,
        is_internal: isInternal,
        created_at: new Date(time),
        updated_at: new Date(time),
      });
      event(id, authorId, 'comment_added', { commentId, isInternal }, time);
      lastActivity = Math.max(lastActivity, time);
    };

    event(id, requesterId, 'created', { priority, category: template.category }, createdAt);
    const teamKey = TEAM_FOR_CATEGORY[template.category];
    // The timeline's shapes are the API's (contracts TICKET_EVENT_TYPES): ids plus the names shown.
    const teamChanged = { from: null, to: teamId, fromName: null, toName: TEAM_NAMES[teamKey] };
    if (assigneeId && respondedAt !== null) {
      event(
        id,
        adminId,
        'assigned',
        { from: null, to: assigneeId, fromName: null, toName: fullNameOf(assigneeName) },
        respondedAt - 2 * MINUTE,
      );
      if (teamId) event(id, adminId, 'team_changed', teamChanged, respondedAt - 2 * MINUTE + 1000);
      event(id, assigneeId, 'status_changed', { from: 'new', to: 'in_progress' }, respondedAt);
      comment(assigneeId, random.pick(AGENT_REPLIES), false, respondedAt);
      if (random.next() < 0.6)
        comment(
          requesterId,
          random.pick(REQUESTER_REPLIES),
          false,
          respondedAt + random.between(1, 5) * HOUR,
        );
      if (random.next() < 0.45)
        comment(assigneeId, random.pick(INTERNAL_NOTES), true, respondedAt + random.between(0.5, 3) * HOUR);
    } else if (teamId) {
      event(id, adminId, 'team_changed', teamChanged, Math.min(createdAt + 10 * MINUTE, now - 2 * MINUTE));
    }
    if (!(assigneeId && respondedAt !== null) && random.next() < 0.25) {
      comment(
        requesterId,
        'Any update on this? It is still blocking my work.',
        false,
        createdAt + random.between(2, 20) * HOUR,
      );
    }
    if (resolvedAt !== null && assigneeId) {
      comment(
        assigneeId,
        'This has been resolved. Reply here if anything is still not working.',
        false,
        resolvedAt,
      );
      event(id, assigneeId, 'status_changed', { from: 'in_progress', to: 'resolved' }, resolvedAt);
    }
    if (closedAt !== null && assigneeId)
      event(id, assigneeId, 'status_changed', { from: 'resolved', to: 'closed' }, closedAt);

    const [inserted] = await tx<{ ticketNumber: string }[]>`
      insert into tickets (
        id, title, description, priority, status, category, requester_id, assignee_id, team_id,
        notify_requester, sla_response_by, sla_resolve_by, sla_policy_id, sla_response_risk_at,
        sla_resolve_risk_at, responded_at, resolved_at, closed_at, created_at, updated_at
      ) values (
        ${id}, ${template.title}, ${template.description}, ${priority}, ${status}, ${template.category},
        ${requesterId}, ${assigneeId}, ${teamId}, ${index % 5 !== 2}, ${new Date(slaResponseBy)}, ${new Date(slaResolveBy)},
        ${policies[priority]}, ${new Date(slaResponseRiskAt)}, ${new Date(slaResolveRiskAt)},
        ${respondedAt === null ? null : new Date(respondedAt)}, ${resolvedAt === null ? null : new Date(resolvedAt)},
        ${closedAt === null ? null : new Date(closedAt)}, ${new Date(createdAt)}, ${new Date(lastActivity)}
      )
      returning ticket_number as "ticketNumber"`;
    if (!inserted) throw new Error('a demo ticket was not inserted');
    tickets.push({
      id,
      ticketNumber: inserted.ticketNumber,
      title: template.title,
      status,
      requesterId,
      assigneeId,
      createdAt,
      respondedAt,
      resolvedAt,
      slaResolveBy,
    });
  }
  await tx`insert into ticket_comments ${tx(comments)}`;
  await tx`insert into ticket_events ${tx(events)}`;
  return tickets;
}

async function seedKnowledgeBase(tx: Tx, users: UserIds, now: number): Promise<void> {
  const random = createRandom(7);
  const created = new Date(now - 200 * DAY);
  const categories = await tx<{ id: string; slug: string }[]>`
    insert into kb_categories ${tx(
      KB_CATEGORIES.map((category, index) => ({
        name: category.name,
        slug: category.slug,
        description: category.description,
        icon: category.icon,
        sort_order: index,
        created_at: created,
        updated_at: created,
      })),
    )}
    returning id, slug`;
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  const authors = ['admin', 'agent', 'priya.patel'];
  const yesterday = Math.floor(now / DAY) * DAY - DAY;
  const articles = await tx<{ id: string; status: string; viewCount: number }[]>`
    insert into kb_articles ${tx(
      KB_ARTICLES.map((article, index) => {
        const createdAt = now - random.between(20, 180) * DAY;
        const updatedAt = Math.min(now - HOUR, createdAt + random.between(1, 15) * DAY);
        const isShown = article.status !== 'draft';
        const id = categoryId.get(article.category);
        if (!id) throw new Error(`demo KB category ${article.category} is missing`);
        // Published articles were last read yesterday (their daily views below end then); archived
        // ones shortly before they were archived.
        const lastViewedAt =
          article.viewCount === 0
            ? null
            : article.status === 'published'
              ? yesterday + random.between(1, 23) * HOUR
              : updatedAt - random.between(1, 48) * HOUR;
        return {
          title: article.title,
          slug: slugify(article.title),
          content: article.content,
          excerpt: article.excerpt,
          category_id: id,
          author_id: idOf(users, authors[index % authors.length] ?? 'admin'),
          status: article.status,
          tags: article.tags,
          is_popular: article.isPopular,
          view_count: article.viewCount,
          last_viewed_at: lastViewedAt === null ? null : new Date(lastViewedAt),
          published_at: isShown ? new Date(createdAt + DAY) : null,
          created_at: new Date(createdAt),
          updated_at: new Date(updatedAt),
        };
      }),
    )}
    returning id, status, view_count as "viewCount"`;
  // Reading over the last 29 days, in proportion to each published article's all-time views (about
  // a fifth of them), so "popular" in the demo comes from the same rule as live reading.
  const dailyViews = articles
    .filter((article) => article.status === 'published')
    .flatMap((article) =>
      Array.from({ length: 29 }, (_, index) => ({
        article_id: article.id,
        viewed_on: new Date(yesterday - index * DAY).toISOString().slice(0, 10),
        views: Math.round((article.viewCount / 150) * random.between(0.4, 1.6)),
      })),
    )
    .filter((row) => row.views > 0);
  await tx`insert into kb_article_views ${tx(dailyViews)}`;
  await rebuildRecentViews(tx);
}

async function seedNotifications(
  tx: Tx,
  users: UserIds,
  tickets: SeededTicket[],
  now: number,
): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const add = (
    username: string,
    type: string,
    title: string,
    message: string,
    ticket: SeededTicket | null,
    at: number,
    isRead: boolean,
  ) => {
    const time = Math.min(at, now - MINUTE);
    rows.push({
      user_id: idOf(users, username),
      type,
      title,
      message,
      related_entity_id: ticket?.id ?? null,
      related_entity_type: ticket ? 'ticket' : null,
      is_read: isRead,
      created_at: new Date(time),
      read_at: isRead ? new Date(Math.min(now, time + HOUR)) : null,
    });
  };
  const newest = [...tickets].sort((a, b) => b.createdAt - a.createdAt);
  const agentId = idOf(users, 'agent');
  const newTickets = newest.filter((t) => t.status === 'new');
  const breached = newest.filter(
    (t) => (t.status === 'new' || t.status === 'in_progress') && t.slaResolveBy < now,
  );
  const resolved = newest.filter((t) => t.resolvedAt !== null);
  const started = newest.filter((t) => t.respondedAt !== null);
  const agentTickets = newest.filter((t) => t.assigneeId === agentId && t.respondedAt !== null);

  newTickets.slice(0, 3).forEach((t, i) => {
    add(
      'admin',
      'ticket_created',
      fillServerText(NOTIFICATION_MESSAGES.createdTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.createdMessage, { title: t.title }),
      t,
      t.createdAt,
      i > 1,
    );
  });
  breached.slice(0, 2).forEach((t, i) => {
    add(
      'admin',
      'sla_warning',
      fillServerText(NOTIFICATION_MESSAGES.demoBreachedTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.demoBreachedMessage, { title: t.title }),
      t,
      t.slaResolveBy,
      i > 0,
    );
  });
  started.slice(0, 2).forEach((t) => {
    add(
      'admin',
      'ticket_status_changed',
      fillServerText(NOTIFICATION_MESSAGES.statusInProgressTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.statusMessage, {
        title: t.title,
        fromLabel: TICKET_STATUS_LABELS.new,
        toLabel: TICKET_STATUS_LABELS.in_progress,
      }),
      t,
      t.respondedAt ?? t.createdAt,
      true,
    );
  });
  resolved.slice(0, 1).forEach((t) => {
    add(
      'admin',
      'ticket_resolved',
      fillServerText(NOTIFICATION_MESSAGES.resolvedTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.resolvedMessage, { title: t.title }),
      t,
      t.resolvedAt ?? t.createdAt,
      false,
    );
  });
  add(
    'admin',
    'system_announcement',
    NOTIFICATION_MESSAGES.demoMaintenanceTitle,
    NOTIFICATION_MESSAGES.demoMaintenanceMessage,
    null,
    now - 3 * DAY,
    true,
  );

  agentTickets.slice(0, 4).forEach((t, i) => {
    add(
      'agent',
      'ticket_assigned',
      fillServerText(NOTIFICATION_MESSAGES.assignedTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: t.title }),
      t,
      (t.respondedAt ?? t.createdAt) - 2 * MINUTE,
      i >= 2,
    );
  });
  agentTickets.slice(0, 2).forEach((t) => {
    add(
      'agent',
      'ticket_status_changed',
      fillServerText(NOTIFICATION_MESSAGES.statusInProgressTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.statusMessage, {
        title: t.title,
        fromLabel: TICKET_STATUS_LABELS.new,
        toLabel: TICKET_STATUS_LABELS.in_progress,
      }),
      t,
      t.respondedAt ?? t.createdAt,
      true,
    );
  });
  resolved.slice(1, 2).forEach((t) => {
    add(
      'agent',
      'ticket_resolved',
      fillServerText(NOTIFICATION_MESSAGES.resolvedTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.resolvedMessage, { title: t.title }),
      t,
      t.resolvedAt ?? t.createdAt,
      false,
    );
  });
  breached.slice(0, 1).forEach((t) => {
    add(
      'agent',
      'sla_warning',
      fillServerText(NOTIFICATION_MESSAGES.demoBreachedTitle, { ticketNumber: t.ticketNumber }),
      fillServerText(NOTIFICATION_MESSAGES.demoBreachedMessage, { title: t.title }),
      t,
      t.slaResolveBy,
      false,
    );
  });
  add(
    'agent',
    'system_announcement',
    NOTIFICATION_MESSAGES.demoMaintenanceTitle,
    NOTIFICATION_MESSAGES.demoMaintenanceMessage,
    null,
    now - 3 * DAY,
    true,
  );

  await tx`insert into notifications ${tx(rows)}`;
}

/**
 * The desk's settings as an admin saved them a while ago (the defaults of the spec plus a company
 * name and email), so the Settings screen and the display settings show a configured desk. No SMTP
 * server is saved: mail leaves through the environment's SMTP_* (under `bun dev`, the mail catcher).
 */
async function seedSettings(tx: Tx, users: UserIds, now: number): Promise<void> {
  const savedAt = new Date(now - 30 * DAY);
  await tx`
    insert into settings ${tx({
      company_name: 'Northwind Help Desk',
      company_email: 'helpdesk@example.com',
      timezone: 'UTC',
      language: 'en',
      email_notifications: true,
      push_notifications: false,
      auto_assignment: true,
      require_approval: false,
      smtp_host: '',
      smtp_port: 587,
      smtp_username: '',
      updated_by: idOf(users, 'admin'),
      created_at: savedAt,
      updated_at: savedAt,
    })}`;
}
