/**
 * `bun run seed:large [1m|10k] [--force]`: a realistic data set for the benchmark, in its own
 * database (bench/lib/large-database.ts), built with set-based SQL: 10,000 users (200 agents, 5
 * admins), 8 teams, tickets over three years with the status mix of a working desk (old ones
 * closed, recent ones open), about 3 comments a ticket (a fifth internal), their events, 2,000 KB
 * articles and the agents' notifications (a ticket_created broadcast per ticket). Both sizes have the same people, so the 10k database
 * differs from the 1m one only in its ticket count. A database seeded by this version is kept
 * unless --force.
 */
import postgres, { type Sql } from 'postgres';
import { migrate } from '../api/src/db/migrate.ts';
import type { Db } from '../api/src/db/postgres.ts';
import { hashPassword } from '../api/src/passwords.ts';
import { isLargeSize, LARGE_SIZES, type LargeSize, openLargeCluster } from './lib/large-database.ts';
import { BENCH_PASSWORD, BENCH_SEARCH_WORDS, SEED_VERSION } from './lib/seed-facts.ts';

const USERS = 10_000;
const ADMINS = 5;
const AGENTS = 200;
const TEAMS = 8;
const ARTICLES = 2_000;
const BATCH = 50_000;

const args = process.argv.slice(2);
const sizes = args.filter((arg) => !arg.startsWith('--'));
const isForced = args.includes('--force');
for (const size of sizes) {
  if (!isLargeSize(size)) {
    console.error(`unknown size '${size}': use ${Object.keys(LARGE_SIZES).join(' or ')}`);
    process.exit(2);
  }
}
const wanted: LargeSize[] = sizes.length ? sizes.filter(isLargeSize) : ['10k', '1m'];

const say = (line: string) => process.stderr.write(`[seed:large] ${line}\n`);

/** One progress line, redrawn in place on a terminal and printed every 10% otherwise. */
function progress(label: string, total: number) {
  const started = performance.now();
  let lastTenth = -1;
  return (done: number) => {
    const fraction = Math.min(1, done / total);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const bar = `${'#'.repeat(Math.round(fraction * 30)).padEnd(30, '.')}`;
    const line = `[seed:large] ${label} [${bar}] ${Math.round(fraction * 100)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${seconds} s`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${fraction === 1 ? '\n' : ''}`);
    } else if (Math.floor(fraction * 10) !== lastTenth) {
      lastTenth = Math.floor(fraction * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

async function isAlreadySeeded(sql: Sql, tickets: number): Promise<boolean> {
  const [table] = await sql`select to_regclass('large_seed_info') as name`;
  if (!table?.name) return false;
  const [info] = await sql`select version, tickets from large_seed_info`;
  return info?.version === SEED_VERSION && Number(info.tickets) === tickets;
}

async function resetSchema(sql: Sql) {
  await sql`drop schema public cascade`;
  await sql`create schema public`;
}

const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Harper',
  'Rowan',
  'Maria',
  'Jose',
  'Wei',
  'Aisha',
  'Olga',
  'Kenji',
  'Fatima',
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Ava',
  'Sofia',
  'Mateo',
  'Lucas',
  'Chloe',
  'Ines',
  'Hugo',
  'Priya',
  'Arjun',
  'Yuki',
  'Hana',
  'Omar',
  'Lena',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Lee',
  'Garcia',
  'Martinez',
  'Brown',
  'Davis',
  'Miller',
  'Wilson',
  'Moore',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Muller',
  'Rossi',
  'Dubois',
  'Silva',
  'Novak',
  'Kowalski',
  'Tanaka',
];
const SUBJECTS = [
  'VPN',
  'Printer',
  'Email',
  'Laptop',
  'Monitor',
  'Password',
  'Wi-Fi',
  'Outlook',
  'Teams call',
  'SharePoint',
  'Docking station',
  'Keyboard',
  'Payroll app',
  'CRM',
  'Badge reader',
  'Phone',
  'Shared drive',
  'Browser',
  'Antivirus',
  'Backup',
  'Calendar',
  'Database',
  'Build server',
  'License',
  'Account',
];
const PROBLEMS = [
  'not working',
  'very slow',
  'keeps disconnecting',
  'shows an error',
  'needs access',
  'locked out',
  'cannot sign in',
  'crashes on start',
  'stopped syncing',
  'request for new setup',
  'out of storage',
  'certificate expired',
  'update failed',
  'permission denied',
  'timeout when connecting',
];
const SENTENCES = [
  'It started this morning after the latest update.',
  'Restarting the machine did not help.',
  'Several people on my floor see the same thing.',
  'I need this working before the client meeting this afternoon.',
  'The error message says the server could not be reached.',
  'It works from home but not in the office.',
  'I already cleared the cache and tried another browser.',
  'This blocks the monthly report for finance.',
  'Please install the approved version on my laptop.',
  'My manager approved the request last week.',
  'The printer on the third floor shows a paper jam that is not there.',
  'Outlook asks for my password again and again.',
  'The VPN client drops the connection every ten minutes.',
  'I get a timeout when I open the shared drive.',
  'Could you reset my password and unlock the account?',
];
const REPLIES = [
  'Thanks for the report, we are looking into it.',
  'Could you send a screenshot of the error?',
  'Please try again now, we restarted the service.',
  'I have escalated this to the network team.',
  'The update is scheduled for tonight.',
  'It works again on my side, thank you!',
  'Still the same problem after the restart.',
  'We replaced the certificate; please confirm.',
  'Access granted, it can take an hour to apply.',
];
const INTERNAL = [
  'Checked the logs: the gateway rejects the token.',
  'Known issue with the driver, vendor ticket open.',
  'Waiting on approval from the security team.',
  'Customer is a VIP, keep them updated daily.',
];

const textArray = (sql: Db, values: readonly string[]) => sql`${sql.array([...values])}::text[]`;

async function seedPeople(sql: Sql) {
  // The product's own cost: a sign-in is measured as production pays for it.
  const hash = await hashPassword(BENCH_PASSWORD);
  await sql`
    insert into users (username, email, password_hash, first_name, last_name, role, status, approved_at, created_at)
    select
      case when g <= ${ADMINS} then 'admin' || lpad(g::text, 3, '0')
           when g <= ${ADMINS + AGENTS} then 'agent' || lpad((g - ${ADMINS})::text, 3, '0')
           else 'user' || lpad((g - ${ADMINS + AGENTS})::text, 5, '0') end,
      case when g <= ${ADMINS} then 'admin' || g || '@bench.example.com'
           when g <= ${ADMINS + AGENTS} then 'agent' || (g - ${ADMINS}) || '@bench.example.com'
           else 'user' || (g - ${ADMINS + AGENTS}) || '@bench.example.com' end,
      ${hash},
      (${textArray(sql, FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
      (${textArray(sql, LAST_NAMES)})[1 + (g * 7) % ${LAST_NAMES.length}],
      case when g <= ${ADMINS} then 'admin' when g <= ${ADMINS + AGENTS} then 'agent' else 'end_user' end,
      case when g > ${ADMINS + AGENTS} and g % 100 = 0 then 'pending' else 'active' end,
      case when g > ${ADMINS + AGENTS} and g % 100 = 0 then null else now() - interval '3 years' end,
      now() - interval '3 years' - make_interval(days => g % 30)
    from generate_series(1, ${USERS}) g`;
  await sql`
    insert into teams (name, description)
    select name, name || ' team'
    from unnest(${sql.array(['Service Desk', 'Network', 'Identity', 'Endpoints', 'Applications', 'Security', 'Facilities', 'Databases'].slice(0, TEAMS))}::text[]) name`;
  await sql`
    insert into team_members (team_id, user_id, role)
    select t.id, a.id, case when a.n <= ${TEAMS} then 'lead' else 'member' end
    from (select id, row_number() over (order by username) as n from users where role = 'agent') a
    join (select id, row_number() over (order by name) as n from teams) t on t.n = 1 + (a.n - 1) % ${TEAMS}`;
  await sql`
    insert into sla_policies (name, priority, response_minutes, resolution_minutes)
    values ('Critical priority', 'critical', 60, 240), ('High priority', 'high', 240, 1440),
           ('Medium priority', 'medium', 480, 2880), ('Low priority', 'low', 1440, 7200)`;
}

/**
 * One batch of tickets, their comments and their events in one statement. Ticket g of the whole set
 * is created at a time that grows with g (three years ago to now), so ticket numbers follow time.
 */
async function seedTicketBatch(sql: Db, from: number, to: number, total: number) {
  const searchWord = (word: keyof typeof BENCH_SEARCH_WORDS) => BENCH_SEARCH_WORDS[word];
  await sql`
    with people as (
      select
        (select array_agg(id order by username) from users where role = 'end_user' and status = 'active') as requesters,
        (select array_agg(u.id order by u.username) from users u where u.role = 'agent') as agents,
        (select array_agg(m.team_id order by u.username) from users u join team_members m on m.user_id = u.id
          where u.role = 'agent') as agent_teams
    ),
    shaped as (
      select g,
        now() - (${total}::float8 - g) / ${total}::float8 * interval '3 years' - make_interval(mins => (g * 37) % 600) as created,
        abs(hashint4(g)) % 1000 as r1,
        abs(hashint4(g + 7919)) % 1000 as r2,
        abs(hashint4(g + 104729)) % 1000 as r3
      from generate_series(${from}::int, ${to}::int) g
    ),
    aged as (
      select s.*, now() - s.created as age,
        case when s.r1 < 50 then 'critical' when s.r1 < 250 then 'high' when s.r1 < 700 then 'medium' else 'low' end as priority
      from shaped s
    ),
    statused as (
      select a.*,
        case
          when a.age < interval '3 days' then case when a.r2 < 450 then 'new' when a.r2 < 850 then 'in_progress' else 'resolved' end
          when a.age < interval '30 days' then case when a.r2 < 50 then 'new' when a.r2 < 250 then 'in_progress' when a.r2 < 600 then 'resolved' else 'closed' end
          else case when a.r2 < 2 then 'new' when a.r2 < 10 then 'in_progress' when a.r2 < 100 then 'resolved' else 'closed' end
        end as status,
        case a.priority when 'critical' then 1 when 'high' then 4 when 'medium' then 8 else 24 end as response_hours,
        case a.priority when 'critical' then 4 when 'high' then 24 when 'medium' then 48 else 120 end as resolve_hours
      from aged a
    ),
    rows as (
      select st.*,
        p.requesters[1 + abs(hashint4(st.g + 31)) % array_length(p.requesters, 1)] as requester_id,
        case when st.status = 'new' and st.r3 < 500 then null
             else 1 + abs(hashint4(st.g + 61)) % array_length(p.agents, 1) end as agent_n,
        p.agents, p.agent_teams
      from statused st cross join people p
    ),
    inserted as (
      insert into tickets (
        title, description, priority, status, category, requester_id, assignee_id, team_id,
        sla_response_by, sla_resolve_by, sla_policy_id, sla_response_risk_at, sla_resolve_risk_at,
        responded_at, resolved_at, closed_at, created_at, updated_at
      )
      select
        (${textArray(sql, SUBJECTS)})[1 + r.r1 % ${SUBJECTS.length}] || ' ' || (${textArray(sql, PROBLEMS)})[1 + r.r2 % ${PROBLEMS.length}],
        (${textArray(sql, SENTENCES)})[1 + r.r3 % ${SENTENCES.length}] || ' '
          || (${textArray(sql, SENTENCES)})[1 + (r.r1 + r.r2) % ${SENTENCES.length}]
          || case when r.g % 100000 = 0 then ${` The ${searchWord('rare')} controller failed.`} else '' end
          || ' Asset tag AT-' || (r.g % 50000) || '.',
        r.priority, r.status,
        (array['technical', 'access', 'software', 'hardware', 'other'])[1 + r.r3 % 5],
        r.requester_id,
        case when r.agent_n is null then null else r.agents[r.agent_n] end,
        case when r.agent_n is null then null else r.agent_teams[r.agent_n] end,
        r.created + make_interval(hours => r.response_hours),
        r.created + make_interval(hours => r.resolve_hours),
        sp.id,
        -- At risk with a quarter of each target left (the policies count around the clock).
        r.created + make_interval(hours => r.response_hours) * 0.75,
        r.created + make_interval(hours => r.resolve_hours) * 0.75,
        case when r.status = 'new' then null
             else r.created + make_interval(hours => r.response_hours) * (0.1 + (r.r3 % 100) / 90.0) end,
        case when r.status in ('resolved', 'closed')
             then r.created + make_interval(hours => r.resolve_hours) * (0.2 + (r.r1 % 100) / 80.0) end,
        case when r.status = 'closed'
             then r.created + make_interval(hours => r.resolve_hours) * (0.2 + (r.r1 % 100) / 80.0) + interval '2 days' end,
        r.created,
        r.created + interval '1 hour'
      from rows r
      join sla_policies sp on sp.is_active and sp.priority = r.priority and sp.team_id is null and sp.category is null
      order by r.g
      returning id, requester_id, assignee_id, status, created_at
    ),
    comments as (
      insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at, updated_at)
      select i.id,
        case when k % 2 = 1 or i.assignee_id is null then i.requester_id else i.assignee_id end,
        case when k % 4 = 0 and i.assignee_id is not null
             then (${textArray(sql, INTERNAL)})[1 + abs(hashint4(k)) % ${INTERNAL.length}]
             else (${textArray(sql, REPLIES)})[1 + abs(hashint4(k + 3)) % ${REPLIES.length}] end,
        k % 4 = 0 and i.assignee_id is not null,
        i.created_at + make_interval(hours => k * 3),
        i.created_at + make_interval(hours => k * 3)
      from inserted i
      cross join lateral generate_series(1, case when i.status = 'new' then abs(hashtext(i.id::text)) % 2
                                                  else 2 + abs(hashtext(i.id::text)) % 3 end) k
      returning 1
    )
    insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
    select i.id, i.requester_id, 'created', jsonb_build_object('status', 'new'), i.created_at from inserted i
    union all
    select i.id, i.assignee_id, 'status_changed', jsonb_build_object('from', 'new', 'to', i.status), i.created_at + interval '2 hours'
    from inserted i where i.status <> 'new' and i.assignee_id is not null`;
}

async function seedKnowledgeBase(sql: Sql) {
  await sql`
    insert into kb_categories (name, slug, description, icon, sort_order)
    values ('Getting started', 'getting-started', 'First steps', 'BookOpen', 1),
           ('Accounts and passwords', 'accounts', 'Sign-in and access', 'KeyRound', 2),
           ('Network and VPN', 'network', 'Connectivity', 'Wifi', 3),
           ('Hardware', 'hardware', 'Laptops, printers, phones', 'Laptop', 4),
           ('Software', 'software', 'Applications and licences', 'AppWindow', 5),
           ('Security', 'security', 'Staying safe', 'Shield', 6)`;
  await sql`
    insert into kb_articles (title, slug, content, excerpt, category_id, author_id, status, tags, view_count, published_at, created_at, updated_at)
    select
      'How to fix ' || lower((${textArray(sql, SUBJECTS)})[1 + g % ${SUBJECTS.length}]) || ' that is ' || (${textArray(sql, PROBLEMS)})[1 + (g * 3) % ${PROBLEMS.length}] || ' (' || g || ')',
      'article-' || g,
      (${textArray(sql, SENTENCES)})[1 + g % ${SENTENCES.length}] || E'\n\n' || (${textArray(sql, REPLIES)})[1 + g % ${REPLIES.length}]
        || E'\n\nStep 1: open the settings. Step 2: sign out and back in. Step 3: contact the desk if it persists.',
      'Steps for ' || lower((${textArray(sql, SUBJECTS)})[1 + g % ${SUBJECTS.length}]) || ' problems.',
      c.ids[1 + g % 6],
      a.ids[1 + g % array_length(a.ids, 1)],
      case when g % 20 = 0 then 'draft' when g % 20 = 1 then 'archived' else 'published' end,
      array[lower((${textArray(sql, SUBJECTS)})[1 + g % ${SUBJECTS.length}])],
      abs(hashint4(g)) % 5000,
      case when g % 20 in (0, 1) then null else now() - make_interval(days => g % 900) end,
      now() - make_interval(days => g % 900),
      now() - make_interval(days => g % 400)
    from generate_series(1, ${ARTICLES}) g,
      (select array_agg(id order by sort_order) as ids from kb_categories) c,
      (select array_agg(id order by username) as ids from users where role in ('agent', 'admin')) a`;
}

async function seedNotifications(sql: Sql) {
  await sql`
    insert into notifications (user_id, type, title, message, related_entity_id, related_entity_type, is_read, read_at, created_at)
    select t.assignee_id, 'ticket_assigned', 'Ticket assigned: ' || t.ticket_number, t.title, t.id, 'ticket',
      t.created_at < now() - interval '7 days' or abs(hashtext(t.id::text)) % 2 = 0,
      case when t.created_at < now() - interval '7 days' or abs(hashtext(t.id::text)) % 2 = 0 then t.created_at + interval '1 hour' end,
      t.created_at
    from tickets t
    where t.assignee_id is not null and abs(hashtext(t.id::text)) % 8 = 0`;
  // Every ticket told every agent it was opened (a new ticket has no team): one broadcast each
  // (migration 00035), from its requester, at its creation time. Given times skip the fence's
  // stamp, so each agent's feed is set afterwards: they see everything since they joined, last
  // marked all read between a week and an hour ago, and read about one in twenty since one by one.
  await sql`
    insert into broadcast_notifications (actor_id, type, title, message, related_entity_id, related_entity_type, created_at)
    select t.requester_id, 'ticket_created', 'New ticket ' || t.ticket_number,
           'A new ticket was opened: "' || t.title || '".', t.id, 'ticket', t.created_at
    from tickets t`;
  await sql`
    update broadcast_feeds f
    set visible_from = u.created_at,
        read_through = now() - make_interval(hours => 1 + abs(hashtext(u.id::text)) % 168)
    from users u where u.id = f.user_id`;
  await sql`
    insert into broadcast_reads (user_id, broadcast_id, read_at)
    select f.user_id, b.id, b.created_at + interval '20 minutes'
    from broadcast_feeds f
    join broadcast_notifications b on b.created_at > f.read_through and b.created_at < now() - interval '20 minutes'
    where abs(hashtext(f.user_id::text || b.id::text)) % 20 = 0 and b.actor_id is distinct from f.user_id`;
  // base = the broadcasts up to read_through (the total minus the ones after it: a short range of
  // the index each); adjust = the ones after it that are not unread: own, or marked.
  await sql`
    update broadcast_feeds f
    set base = (select coalesce(sum(total), 0) from broadcast_totals)
             - (select count(*) from broadcast_notifications b where b.created_at > f.read_through),
        adjust = (select count(*) from broadcast_notifications b
                  where b.created_at > f.read_through and b.actor_id = f.user_id)
               + (select count(*) from broadcast_reads r where r.user_id = f.user_id)`;
}

async function seedSize(sql: Sql, size: LargeSize) {
  const total = LARGE_SIZES[size].tickets;
  say(`${size}: applying migrations`);
  await migrate(sql);
  await seedPeople(sql);
  const tick = progress(`${size} tickets`, total);
  tick(0);
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await sql.begin((tx) => seedTicketBatch(tx, from, to, total));
    tick(to);
  }
  say(`${size}: knowledge base and notifications`);
  await seedKnowledgeBase(sql);
  await seedNotifications(sql);
  say(`${size}: vacuum analyze`);
  await sql`vacuum analyze`;
  await sql`create table large_seed_info (version text not null, tickets integer not null, seeded_at timestamptz not null default now())`;
  await sql`insert into large_seed_info (version, tickets) values (${SEED_VERSION}, ${total})`;
  const [counts] = await sql`
    select (select count(*) from tickets)::int as tickets, (select count(*) from ticket_comments)::int as comments,
           (select count(*) from users)::int as users, (select count(*) from kb_articles)::int as articles,
           (select count(*) from notifications)::int as notifications,
           (select count(*) from broadcast_notifications)::int as broadcasts`;
  say(`${size}: ${JSON.stringify(counts)}`);
}

const cluster = await openLargeCluster(say);
let exitCode = 0;
try {
  for (const size of wanted) {
    const url = await cluster.urlFor(size);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      if (!isForced && (await isAlreadySeeded(sql, LARGE_SIZES[size].tickets))) {
        say(`${size}: already seeded (version ${SEED_VERSION}); --force rebuilds it`);
        continue;
      }
      const started = performance.now();
      await resetSchema(sql);
      await seedSize(sql, size);
      say(`${size}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      await sql.end();
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cluster.stop();
}
process.exit(exitCode);
