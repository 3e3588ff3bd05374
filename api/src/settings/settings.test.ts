import { afterAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  DEFAULT_SETTINGS,
  ERROR_CODES,
  SERVER_MESSAGES,
  SETTINGS_MESSAGES,
  type TUpdateSettingsRequest,
  ticketPath,
  ZDisplaySettings,
  ZNotificationSettings,
  ZSettings,
  ZUpdateSettingsRequest,
} from '@helpdesk/contracts';
import { createScratchDatabase, createUser, errorOf, signedIn, sql, TestClient } from '../../test/helpers.ts';
import { insertTicketRow } from '../../test/tickets.ts';
import { seedDemoData } from '../seed/demo-data.ts';
import { selectSettings } from './queries.ts';
import { getEffectiveSettings } from './service.ts';

const SECRET = 'smtp-secret-Zx9!';

const form = (overrides: Partial<TUpdateSettingsRequest> = {}): TUpdateSettingsRequest => ({
  companyName: 'Northwind IT',
  companyEmail: 'helpdesk@northwind.test',
  timezone: 'PST',
  language: 'de',
  emailNotifications: false,
  pushNotifications: true,
  autoAssignment: false,
  requireApproval: false,
  smtpHost: 'smtp.northwind.test',
  smtpPort: 2525,
  smtpUsername: 'mailer',
  ...overrides,
});

type AuditRow = { details: Record<string, unknown>; adminUserId: string; ipAddress: string };

async function settingsAudits(): Promise<AuditRow[]> {
  return [
    ...(await sql<AuditRow[]>`
      select details, admin_user_id as "adminUserId", ip_address as "ipAddress"
      from admin_audit_logs where action = 'settings.updated' order by created_at, id`),
  ];
}

// Other test files expect the defaults (approval off): leave the table as a fresh database has it.
afterAll(async () => {
  await sql`delete from settings`;
});

describe('GET and PUT /api/admin/settings', () => {
  test('answers the defaults while nobody has saved', async () => {
    await sql`delete from settings`;
    const { client } = await signedIn('admin');
    const response = await client.get(ADMIN_API_PATHS.adminSettings);
    expect(response.status).toBe(200);
    expect(ZSettings.parse(response.body)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      timezone: 'UTC',
      language: 'en',
      emailNotifications: true,
      pushNotifications: false,
      autoAssignment: true,
      requireApproval: false,
    });
  });

  test('saves the whole form, answers it, and a new GET reads it back; the password is write-only', async () => {
    const { user: admin, client } = await signedIn('admin');
    const before = (await settingsAudits()).length;
    const saved = await client.put(ADMIN_API_PATHS.adminSettings, form({ smtpPassword: SECRET }));
    expect(saved.status).toBe(200);
    const expected = { ...form(), smtpPasswordSet: true };
    expect(ZSettings.parse(saved.body)).toMatchObject(expected);
    expect(ZSettings.parse(saved.body).updatedAt).not.toBeNull();
    const read = await client.get(ADMIN_API_PATHS.adminSettings);
    expect(ZSettings.parse(read.body)).toMatchObject(expected);
    for (const text of [saved.text, read.text]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('smtpPassword"');
    }
    expect((await getEffectiveSettings()).smtpPassword).toBe(SECRET);
    const audits = await settingsAudits();
    expect(audits).toHaveLength(before + 1);
    const audit = audits.at(-1);
    expect(audit).toMatchObject({ adminUserId: admin.id, ipAddress: client.ip });
    expect(audit?.details.smtpPassword).toBe('set');
    expect(audit?.details.changes).toMatchObject({ timezone: { to: 'PST' }, smtpPort: { to: 2525 } });
    const [raw] = await sql<{ all: string }[]>`
      select string_agg(details::text || coalesce(user_agent, ''), ' ') as all from admin_audit_logs`;
    expect(raw?.all).not.toContain(SECRET);
  });

  test('the password: absent keeps it, a string replaces it, null clears it', async () => {
    const { client } = await signedIn('admin');
    await client.put(ADMIN_API_PATHS.adminSettings, form({ smtpPassword: SECRET }));
    const kept = ZSettings.parse(
      (await client.put(ADMIN_API_PATHS.adminSettings, form({ companyName: 'Kept' }))).body,
    );
    expect(kept).toMatchObject({ smtpPasswordSet: true, companyName: 'Kept' });
    expect((await getEffectiveSettings()).smtpPassword).toBe(SECRET);
    expect((await settingsAudits()).at(-1)?.details).toEqual({
      changes: { companyName: { from: 'Northwind IT', to: 'Kept' } },
    });
    await client.put(ADMIN_API_PATHS.adminSettings, form({ smtpPassword: 'another-one' }));
    expect((await getEffectiveSettings()).smtpPassword).toBe('another-one');
    const cleared = ZSettings.parse(
      (await client.put(ADMIN_API_PATHS.adminSettings, form({ smtpPassword: null }))).body,
    );
    expect(cleared.smtpPasswordSet).toBe(false);
    expect((await getEffectiveSettings()).smtpPassword).toBeNull();
    expect((await settingsAudits()).at(-1)?.details).toMatchObject({ smtpPassword: 'cleared' });
  });

  test('bad settings are 400 with field messages and change nothing', async () => {
    const { client } = await signedIn('admin');
    await client.put(ADMIN_API_PATHS.adminSettings, form());
    const before = (await client.get(ADMIN_API_PATHS.adminSettings)).text;
    const auditCount = (await settingsAudits()).length;
    const { companyName: _omitted, ...withoutName } = form();
    const cases: [unknown, string][] = [
      [form({ timezone: 'CET' as 'UTC' }), 'timezone'],
      [form({ language: 'it' as 'en' }), 'language'],
      [form({ companyEmail: 'not-an-email' }), 'companyEmail'],
      [form({ companyName: 'x'.repeat(256) }), 'companyName'],
      [form({ smtpPort: 0 }), 'smtpPort'],
      [form({ smtpPort: 65536 }), 'smtpPort'],
      [form({ smtpPort: 25.5 }), 'smtpPort'],
      [{ ...form(), smtpPort: '25' }, 'smtpPort'],
      [form({ smtpHost: 'smtp host;rm' }), 'smtpHost'],
      [form({ smtpPassword: '' }), 'smtpPassword'],
      [{ ...form(), emailNotifications: 'yes' }, 'emailNotifications'],
      [{ ...form(), smtpPasswordSet: false }, 'smtpPasswordSet'],
      [{ ...form(), updatedBy: crypto.randomUUID() }, 'updatedBy'],
      [withoutName, 'companyName'],
    ];
    for (const [body, field] of cases) {
      const response = await client.put(ADMIN_API_PATHS.adminSettings, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const malformed = await client.request('PUT', ADMIN_API_PATHS.adminSettings, {
      body: '{"companyName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await client.get(ADMIN_API_PATHS.adminSettings)).text).toBe(before);
    expect(await settingsAudits()).toHaveLength(auditCount);
  });

  test('agents and end users are refused (403), anonymous 401; nothing changes', async () => {
    const { client: adminClient } = await signedIn('admin');
    await adminClient.put(ADMIN_API_PATHS.adminSettings, form());
    const before = (await adminClient.get(ADMIN_API_PATHS.adminSettings)).text;
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      for (const response of [
        await client.get(ADMIN_API_PATHS.adminSettings),
        await client.put(ADMIN_API_PATHS.adminSettings, form({ requireApproval: true, smtpPassword: 'x1' })),
      ]) {
        expect(response.status).toBe(403);
        expect(errorOf(response)).toEqual({
          code: ERROR_CODES.forbidden,
          message: SERVER_MESSAGES.forbidden,
        });
      }
    }
    const anonymous = new TestClient();
    expect((await anonymous.get(ADMIN_API_PATHS.adminSettings)).status).toBe(401);
    expect((await anonymous.put(ADMIN_API_PATHS.adminSettings, form())).status).toBe(401);
    expect((await anonymous.get(ADMIN_API_PATHS.displaySettings)).status).toBe(401);
    expect((await adminClient.get(ADMIN_API_PATHS.adminSettings)).text).toBe(before);
  });
});

describe('GET /api/settings/display', () => {
  test('every signed-in role reads the timezone (with its IANA zone), language and company name', async () => {
    const { client: adminClient } = await signedIn('admin');
    const zones = [
      ['EST', 'America/New_York'],
      ['PST', 'America/Los_Angeles'],
      ['GMT', 'Etc/GMT'],
      ['UTC', 'UTC'],
    ] as const;
    for (const [timezone, timeZone] of zones) {
      await adminClient.put(
        ADMIN_API_PATHS.adminSettings,
        form({ timezone, language: 'fr', companyName: 'Acme' }),
      );
      for (const role of ['end_user', 'agent', 'admin'] as const) {
        const { client } = await signedIn(role);
        const response = await client.get(ADMIN_API_PATHS.displaySettings);
        expect(response.status).toBe(200);
        expect(ZDisplaySettings.strict().parse(response.body)).toEqual({
          timezone,
          timeZone,
          language: 'fr',
          companyName: 'Acme',
        });
      }
    }
  });
});

describe('GET /api/settings/notifications', () => {
  test('agents and admins read the push switch and nothing else; end users get 403, anonymous 401', async () => {
    const { client: adminClient } = await signedIn('admin');
    for (const pushNotifications of [true, false]) {
      await adminClient.put(ADMIN_API_PATHS.adminSettings, form({ pushNotifications, smtpPassword: SECRET }));
      for (const role of ['agent', 'admin'] as const) {
        const { client } = await signedIn(role);
        const response = await client.get(ADMIN_API_PATHS.notificationSettings);
        expect(response.status).toBe(200);
        expect(ZNotificationSettings.strict().parse(response.body)).toEqual({ pushNotifications });
        expect(response.text).not.toContain(SECRET);
      }
    }
    const { client: endUser } = await signedIn('end_user');
    expect((await endUser.get(ADMIN_API_PATHS.notificationSettings)).status).toBe(403);
    expect((await new TestClient().get(ADMIN_API_PATHS.notificationSettings)).status).toBe(401);
  });
});

describe("'require approval before closing tickets' takes effect", () => {
  test('on: an agent cannot close (403, nothing changes) but may resolve; an admin may close', async () => {
    const { client: adminClient } = await signedIn('admin');
    const { client: agentClient } = await signedIn('agent');
    const requester = await createUser();
    await adminClient.put(ADMIN_API_PATHS.adminSettings, form({ requireApproval: true }));
    const ticket = await insertTicketRow({
      requesterId: requester.id,
      status: 'in_progress',
      createdHoursAgo: 3,
    });
    const refused = await agentClient.patch(ticketPath(ticket.id), { status: 'closed' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: ERROR_CODES.forbidden,
      message: SETTINGS_MESSAGES.closeRequiresAdmin,
    });
    const [unchanged] = await sql<{ status: string; closedAt: string | null; events: number }[]>`
      select status, closed_at as "closedAt",
             (select count(*)::int from ticket_events where ticket_id = ${ticket.id}) as events
      from tickets where id = ${ticket.id}`;
    expect(unchanged).toEqual({ status: 'in_progress', closedAt: null, events: 0 });
    expect((await agentClient.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
    const byAgentAgain = await agentClient.patch(ticketPath(ticket.id), {
      status: 'closed',
      priority: 'high',
    });
    expect(byAgentAgain.status).toBe(403);
    const closed = await adminClient.patch(ticketPath(ticket.id), { status: 'closed' });
    expect(closed.status).toBe(200);
    expect((closed.body as { status: string }).status).toBe('closed');
  });

  test('off: an agent closes as before', async () => {
    const { client: adminClient } = await signedIn('admin');
    const { client: agentClient } = await signedIn('agent');
    const requester = await createUser();
    await adminClient.put(ADMIN_API_PATHS.adminSettings, form({ requireApproval: false }));
    const ticket = await insertTicketRow({ requesterId: requester.id, status: 'new', createdHoursAgo: 1 });
    const response = await agentClient.patch(ticketPath(ticket.id), { status: 'closed' });
    expect(response.status).toBe(200);
    expect((response.body as { status: string }).status).toBe('closed');
  });
});

describe('demo data', () => {
  test('the seed saves a configured desk: company, mail server without a password, spec defaults', async () => {
    const db = await createScratchDatabase();
    try {
      expect(await selectSettings(db.sql)).toBeNull();
      await seedDemoData(db.sql);
      const settings = await selectSettings(db.sql);
      expect(settings).toMatchObject({
        ...DEFAULT_SETTINGS,
        companyName: 'Northwind Help Desk',
        companyEmail: 'helpdesk@example.com',
        smtpHost: '',
        smtpUsername: '',
        smtpPasswordSet: false,
        updatedAt: expect.any(String),
      });
      if (!settings) throw new Error('no settings seeded');
      const { smtpPasswordSet: _set, updatedAt: _at, ...form } = settings;
      expect(ZUpdateSettingsRequest.safeParse(form).success).toBe(true);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
