import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  DEFAULT_SETTINGS,
  notificationReadPath,
  type TDashboardMetrics,
  type TOnboardingStatus,
  TRIGGER_PATHS,
  type TTeamActivityItem,
  ticketCommentsPath,
  ticketPath,
  WEBHOOK_PATHS,
  webhookPath,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import { eventually } from '../test/eventually.ts';
import { signedIn, sql, type TestClient, testConfig } from '../test/helpers.ts';
import { startListeningCaches } from '../test/process-caches.ts';
import { ensureSlaPolicies, fileTicket } from '../test/tickets.ts';
import { deskSnapshots } from './dashboard/desk-snapshot.ts';
import { UnreadCountCache, unreadCountCache, useUnreadCountCache } from './notifications/count-cache.ts';
import {
  OnboardingFactsCache,
  onboardingFactsCache,
  useOnboardingFactsCache,
} from './onboarding/facts-cache.ts';
import { publishNotificationsChanged } from './realtime/publish.ts';
import { realtimeHub } from './realtime/service.ts';
import { insertDefaultSettingsIfMissing } from './settings/queries.ts';
import { triggerRuleCache } from './triggers/rule-cache.ts';
import { webhookStateCache } from './webhooks/enabled-cache.ts';

const checklistOf = async (client: TestClient) =>
  (await client.get(ADMIN_API_PATHS.adminOnboarding)).body as TOnboardingStatus;
const isCompanyDone = async (client: TestClient) =>
  (await checklistOf(client)).items.find((item) => item.key === 'company')?.isDone;

const countOf = async (client: TestClient) =>
  ((await client.get(API_PATHS.notificationsCount)).body as { count: number }).count;

/** Reads the count until it came from the cache (the sign-in's own messages may drop the first entry). */
async function cachedCount(client: TestClient, cache = unreadCountCache()): Promise<number> {
  let count = -1;
  await eventually(
    async () => {
      const hits = cache.hits;
      count = await countOf(client);
      return cache.hits === hits + 1;
    },
    3_000,
    'the count answered from the cache',
  );
  return count;
}

/** Adds unread notifications for a user the way every writer does: rows and their realtime message, one commit. */
async function notify(userId: string, count: number, options: { isRolledBack?: boolean } = {}) {
  await sql
    .begin(async (tx) => {
      const rows = Array.from({ length: count }, (_, index) => ({
        user_id: userId,
        type: 'ticket_assigned',
        title: `Cached ${index}`,
        message: 'A notification',
      }));
      await tx`insert into notifications ${tx(rows)}`;
      await publishNotificationsChanged(tx, [userId]);
      if (options.isRolledBack) throw new Error('roll back');
    })
    .catch((error: Error) => {
      if (!options.isRolledBack) throw error;
    });
}

// The API the tests share, with the caches on as production runs them: entries would live a
// minute, so only the invalidations can make these tests see a change in time.
describe('the process caches in the API', () => {
  let stopCaches: () => Promise<void> = async () => {};

  beforeAll(async () => {
    await ensureSlaPolicies();
    stopCaches = await startListeningCaches(() => unreadCountCache().isActive && deskSnapshots().isActive);
  });

  afterAll(async () => {
    await stopCaches();
    expect(unreadCountCache().isActive).toBe(false);
    expect(deskSnapshots().isActive).toBe(false);
  });

  test('a repeated count is answered from the cache, and a new notification reaches it', async () => {
    const { user, client } = await signedIn('admin');
    await notify(user.id, 2);
    await eventually(async () => (await countOf(client)) === 2, 3_000, 'the first count');
    expect(await cachedCount(client)).toBe(2);
    await notify(user.id, 3);
    await eventually(async () => (await countOf(client)) === 5, 3_000, 'the new notifications');
  });

  test('a rolled-back notification says nothing: the cached count stays', async () => {
    const { user, client } = await signedIn('admin');
    await notify(user.id, 1);
    await eventually(async () => (await countOf(client)) === 1, 3_000, 'the first count');
    // The first change's own message may still be on its way and drop the entry after a first hit:
    // wait until the entry outlives a pause, so a miss below can only be the rolled-back change's.
    await eventually(
      async () => {
        await cachedCount(client);
        const hits = unreadCountCache().hits;
        await Bun.sleep(150);
        await countOf(client);
        return unreadCountCache().hits === hits + 1;
      },
      5_000,
      'the entry settled',
    );
    await notify(user.id, 4, { isRolledBack: true });
    await Bun.sleep(100);
    const hits = unreadCountCache().hits;
    expect(await countOf(client)).toBe(1);
    expect(unreadCountCache().hits).toBe(hits + 1);
  });

  test("a new ticket's broadcast reaches every agent's cached count", async () => {
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    const before = await cachedCount(agent.client);
    await fileTicket(requester.client);
    await eventually(async () => (await countOf(agent.client)) === before + 1, 3_000, 'the broadcast');
  });

  // Admins are not in the broadcasts' audience (00035): a promotion ends the agent's feed.
  test('an agent made admin stops counting the broadcasts', async () => {
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    await fileTicket(requester.client);
    await eventually(async () => (await countOf(agent.client)) > 0, 3_000, 'a broadcast counted');
    await cachedCount(agent.client);
    await sql`update users set role = 'admin' where id = ${agent.user.id}`;
    await eventually(async () => (await countOf(agent.client)) === 0, 3_000, 'the feed ended');
  });

  test('while the LISTEN is down every count reads the database', async () => {
    const { user, client } = await signedIn('admin');
    await cachedCount(client);
    const cache = unreadCountCache();
    await stopCaches();
    try {
      await sql`insert into notifications (user_id, type, title, message)
                values (${user.id}, 'ticket_assigned', 'Unannounced', 'Written without a message')`;
      const hits = cache.hits;
      expect(await countOf(client)).toBe(1);
      expect(cache.hits).toBe(hits);
    } finally {
      stopCaches = await startListeningCaches(() => unreadCountCache().isActive);
    }
  });

  test("the desk's metrics: one read serves every staff member until a ticket changes", async () => {
    const admin = await signedIn('admin');
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    const ticket = await fileTicket(requester.client);
    const metrics = async (client: TestClient) =>
      (await client.get(API_PATHS.dashboardMetrics)).body as TDashboardMetrics;
    let open = 0;
    await eventually(
      async () => {
        const hits = deskSnapshots().hits;
        open = (await metrics(admin.client)).openTickets;
        await metrics(agent.client);
        return deskSnapshots().hits >= hits + 1;
      },
      3_000,
      'a second staff member served from the first read',
    );
    const [counted] = await sql<{ open: number }[]>`
      select count(*)::int as open from tickets where status in ('new', 'in_progress')`;
    expect(open).toBe(counted?.open ?? -1);
    expect((await agent.client.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
    await eventually(
      async () => (await metrics(admin.client)).openTickets === open - 1,
      // Well within the snapshot's own age limit: only the change's message can make it in time.
      1_000,
      'the resolution in the metrics',
    );
  });

  test('the enabled triggers: filing reads them once, and a saved rule acts on the very next ticket', async () => {
    const admin = await signedIn('admin');
    const requester = await signedIn('end_user');
    const word = `zq${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await fileTicket(requester.client);
    const hits = triggerRuleCache().hits;
    await fileTicket(requester.client);
    expect(triggerRuleCache().hits).toBeGreaterThan(hits);
    const saved = await admin.client.post(TRIGGER_PATHS.list, {
      name: `Cache ${word}`,
      isEnabled: true,
      runOn: 'created',
      conditions: [{ type: 'title_words', in: [word] }],
      actions: [{ type: 'set_priority', priority: 'critical' }],
    });
    expect(saved.status).toBe(201);
    try {
      await eventually(
        async () =>
          (await fileTicket(requester.client, { title: `Broken ${word}`, priority: 'low' })).priority ===
          'critical',
        // Well within the cache's minute: only the table's notification can make it in time.
        3_000,
        'the new rule on a new ticket',
      );
    } finally {
      await sql`delete from triggers where name = ${`Cache ${word}`}`;
    }
  });

  test('more writes at once than the pool has connections all finish while no rules are cached', async () => {
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    const tickets = [];
    for (let index = 0; index < sql.options.max * 3; index++)
      tickets.push(await fileTicket(requester.client));
    // Every writer finds the rules and the webhooks' state missing at once: none may wait for a
    // second connection while it holds one in its transaction, or a full pool waits on itself for good.
    triggerRuleCache().clear();
    webhookStateCache().clear();
    const changes = Promise.all(
      tickets.map(
        async (ticket) => (await agent.client.patch(ticketPath(ticket.id), { status: 'in_progress' })).status,
      ),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), 10_000);
    });
    const statuses = await Promise.race([changes, stalled]);
    clearTimeout(timer);
    expect(statuses).toEqual(tickets.map(() => 200));
    // What the writers read was kept: the next write is served from the cache.
    const hits = triggerRuleCache().hits;
    expect((await agent.client.patch(ticketPath(tickets[0]?.id ?? ''), { status: 'new' })).status).toBe(200);
    expect(triggerRuleCache().hits).toBe(hits + 1);
  }, 30_000);

  test('the enabled webhooks: a desk without one leaves the deliveries out, and one enabled is delivered by the next write', async () => {
    await sql`delete from webhooks`;
    const admin = await signedIn('admin');
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    const ticket = await fileTicket(requester.client);
    const delivered = async () => {
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from webhook_deliveries
        where event = 'ticket.commented' and body::jsonb #>> '{data,ticket,id}' = ${ticket.id}`;
      return row?.count ?? -1;
    };
    const comment = async () => {
      const response = await agent.client.post(ticketCommentsPath(ticket.id), {
        content: 'Still on it.',
        isInternal: false,
      });
      expect(response.status).toBe(201);
      return delivered();
    };
    await comment();
    const hits = webhookStateCache().hits;
    expect(await comment()).toBe(0);
    // Served from what the first comment read: the second statement carried no deliveries part.
    expect(webhookStateCache().hits).toBe(hits + 1);

    // Made through this process: its very next write delivers, before any notification is heard.
    const created = await admin.client.post(WEBHOOK_PATHS.list, {
      name: 'Cached state',
      url: 'http://127.0.0.1:9/hook',
      events: ['ticket.commented'],
      allowPrivateNetwork: true,
    });
    expect(created.status).toBe(201);
    const { id } = ZWebhookWithSecret.parse(created.body).webhook;
    expect(await comment()).toBe(1);
    expect((await admin.client.patch(webhookPath(WEBHOOK_PATHS.one, id), { enabled: false })).status).toBe(
      200,
    );
    expect(await comment()).toBe(1);

    // Turned on by another process: only the table's notification tells this one, well within the
    // cache's minute.
    await eventually(
      async () => (await comment()) === 1 && webhookStateCache().current() === false,
      3_000,
      'none enabled, known from the cache',
    );
    await sql`update webhooks set is_enabled = true where id = ${id}`;
    let count = 1;
    await eventually(
      async () => {
        const before = count;
        count = await comment();
        return count === before + 1;
      },
      3_000,
      'the webhook enabled elsewhere on the next writes',
    );

    // Deleted (its deliveries with it): nothing more is queued.
    expect((await admin.client.request('DELETE', webhookPath(WEBHOOK_PATHS.one, id))).status).toBe(200);
    const everyDelivery = async () =>
      (await sql<{ count: number }[]>`select count(*)::int as count from webhook_deliveries`)[0]?.count;
    const before = await everyDelivery();
    expect(await comment()).toBe(0);
    expect(await everyDelivery()).toBe(before);
  });

  test("the desk's team activity shows a change as soon as it is heard", async () => {
    const agent = await signedIn('agent');
    const requester = await signedIn('end_user');
    const ticket = await fileTicket(requester.client);
    const activity = async () =>
      (await agent.client.get(API_PATHS.dashboardTeamActivity)).body as TTeamActivityItem[];
    await activity();
    await activity();
    expect((await agent.client.patch(ticketPath(ticket.id), { status: 'in_progress' })).status).toBe(200);
    await eventually(
      async () => (await activity()).some((item) => item.id === agent.user.id),
      1_000,
      "the agent's change in the team activity",
    );
  });

  test('the first-day checklist: one read serves every admin until what it is read from changes', async () => {
    const first = await signedIn('admin');
    const second = await signedIn('admin');
    await insertDefaultSettingsIfMissing(sql, DEFAULT_SETTINGS);
    const [settings] = await sql<{ name: string }[]>`select company_name as name from settings`;
    // Other tests' writes (a new agent) may still be on their way: read until a read is answered from memory.
    let wasDone: boolean | undefined;
    await eventually(
      async () => {
        await isCompanyDone(first.client);
        const hits = onboardingFactsCache().hits;
        wasDone = await isCompanyDone(second.client);
        return onboardingFactsCache().hits === hits + 1;
      },
      3_000,
      "the checklist answered from the process's copy",
    );
    try {
      await sql`update settings set company_name = ${wasDone ? DEFAULT_SETTINGS.companyName : 'Cached Northwind'}`;
      await eventually(
        async () => (await isCompanyDone(first.client)) === !wasDone,
        // Well within the copy's minute: only the table's notification can make it in time.
        1_000,
        'the new company name in the checklist',
      );
    } finally {
      await sql`update settings set company_name = ${settings?.name ?? DEFAULT_SETTINGS.companyName}`;
    }
  });

  test("an end user's numbers are their own and never taken from the desk's", async () => {
    const staff = await signedIn('agent');
    const requester = await signedIn('end_user');
    await fileTicket(requester.client);
    await staff.client.get(API_PATHS.dashboardMetrics);
    const hits = deskSnapshots().hits;
    const own = (await requester.client.get(API_PATHS.dashboardMetrics)).body as TDashboardMetrics;
    await requester.client.get(API_PATHS.dashboardSlaMetrics);
    await requester.client.get(API_PATHS.dashboardTeamActivity);
    expect(own.openTickets).toBe(1);
    expect(deskSnapshots().hits).toBe(hits);
  });
});

// A cache that hears nothing: what keeps it right here is only what the process does itself, so
// the test does not depend on how fast a notification arrives.
describe('the count cache without its messages', () => {
  const deaf = new UnreadCountCache({ ttlMs: 60_000 });
  let original: UnreadCountCache;

  beforeAll(() => {
    original = unreadCountCache();
    deaf.follow(() => true);
    useUnreadCountCache(deaf);
  });

  afterAll(() => useUnreadCountCache(original));

  test("marking read on this process is in the user's very next count, whatever the messages do", async () => {
    const { user, client } = await signedIn('admin');
    await notify(user.id, 3);
    expect(await cachedCount(client, deaf)).toBe(3);
    const [first] = await sql<{ id: string }[]>`
      select id from notifications where user_id = ${user.id} order by created_at limit 1`;
    expect((await client.put(notificationReadPath(first?.id ?? ''))).status).toBe(200);
    expect(await countOf(client)).toBe(2);
    expect((await client.put(API_PATHS.notificationsReadAll)).status).toBe(200);
    expect(await countOf(client)).toBe(0);
  });

  test('the realtime hub drops what a message names before any stream hears it', async () => {
    const { user, client } = await signedIn('admin');
    await notify(user.id, 1);
    expect(await countOf(client)).toBe(1);
    await realtimeHub(testConfig, { info: () => {}, error: () => {} }).listen();
    await notify(user.id, 1);
    await eventually(async () => (await countOf(client)) === 2, 3_000, "the hub's message");
  });

  test('a failed mark (not found) changes no count', async () => {
    const { user, client } = await signedIn('admin');
    await notify(user.id, 1);
    // The realtime hub, when an earlier test started it, still drops what the messages name.
    expect(await cachedCount(client, deaf)).toBe(1);
    expect((await client.put(notificationReadPath(crypto.randomUUID()))).status).toBe(404);
    expect((await client.put(notificationReadPath('not-a-uuid'))).status).toBe(400);
    const hits = deaf.hits;
    expect(await countOf(client)).toBe(1);
    expect(deaf.hits).toBe(hits + 1);
  });
});

// A copy that hears nothing: only this process's own checklist writes can make it see them.
describe('the checklist copy without its messages', () => {
  const deaf = new OnboardingFactsCache({ ttlMs: 60_000 });
  let original: OnboardingFactsCache;

  beforeAll(() => {
    original = onboardingFactsCache();
    deaf.follow(() => true);
    useOnboardingFactsCache(deaf);
  });

  afterAll(async () => {
    useOnboardingFactsCache(original);
    await sql`delete from desk_onboarding`;
  });

  test('dismissing on this process is in the next read, whatever the messages do', async () => {
    const admin = await signedIn('admin');
    await sql`delete from desk_onboarding`;
    deaf.clear();
    expect((await checklistOf(admin.client)).isDismissed).toBe(false);
    const hits = deaf.hits;
    expect((await checklistOf(admin.client)).isDismissed).toBe(false);
    expect(deaf.hits).toBe(hits + 1);
    expect((await admin.client.post(ADMIN_API_PATHS.adminOnboardingDismiss, {})).status).toBe(200);
    expect((await checklistOf(admin.client)).isDismissed).toBe(true);
  });
});
