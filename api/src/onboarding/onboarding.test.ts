import { afterAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  DEFAULT_SETTINGS,
  ERROR_CODES,
  type TOnboardingItemKey,
  type TOnboardingStatus,
  ZOnboardingStatus,
} from '@helpdesk/contracts';
import { createScratchDatabase, errorOf, signedIn, sql, TestClient } from '../../test/helpers.ts';
import type { EnvSmtp } from '../config.ts';
import { insertDefaultSettingsIfMissing } from '../settings/queries.ts';
import { upsertTestMailServer } from './queries.ts';
import { getOnboardingStatus } from './service.ts';

const scratch = await createScratchDatabase();
afterAll(async () => {
  await scratch.drop();
  await sql`delete from desk_onboarding`;
});

const doneOf = (status: TOnboardingStatus) =>
  Object.fromEntries(status.items.map((item) => [item.key, item.isDone])) as Record<
    TOnboardingItemKey,
    boolean
  >;

async function insertUser(role: 'admin' | 'agent' | 'end_user', status = 'active') {
  const name = `${role}${crypto.randomUUID().slice(0, 8)}`;
  await scratch.sql`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values (${name}, ${`${name}@example.test`}, 'x', 'First', 'Last', ${role}, ${status})`;
}

describe('the first-day checklist of an empty desk', () => {
  test('starts with every item open and the list shown', async () => {
    await insertUser('admin');
    const status = await getOnboardingStatus(null, scratch.sql);
    expect(ZOnboardingStatus.parse(status)).toEqual({
      items: [
        { key: 'company', isDone: false },
        { key: 'mailServer', isDone: false },
        { key: 'team', isDone: false },
        { key: 'agents', isDone: false },
        { key: 'serviceLevels', isDone: false },
        { key: 'knowledgeBase', isDone: false },
      ],
      isDismissed: false,
      isVisible: true,
    });
  });

  test('company: ticks once the settings carry a company name other than the default', async () => {
    await insertDefaultSettingsIfMissing(scratch.sql, DEFAULT_SETTINGS);
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).company).toBe(false);
    await scratch.sql`update settings set company_name = '   '`;
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).company).toBe(false);
    await scratch.sql`update settings set company_name = 'Northwind IT'`;
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).company).toBe(true);
  });

  test('mail server: needs a host and a test mail that server accepted; another server un-ticks it', async () => {
    const status = () => getOnboardingStatus(null, scratch.sql).then(doneOf);
    await upsertTestMailServer(scratch.sql, 'smtp.northwind.test:587');
    expect((await status()).mailServer).toBe(false);
    await scratch.sql`update settings set smtp_host = 'smtp.northwind.test', smtp_port = 587`;
    expect((await status()).mailServer).toBe(true);
    await scratch.sql`update settings set smtp_port = 2525`;
    expect((await status()).mailServer).toBe(false);
    await scratch.sql`update settings set smtp_host = '', smtp_port = 587`;
    const envSmtp: EnvSmtp = {
      host: 'smtp.northwind.test',
      port: 587,
      isSecure: false,
      username: null,
      password: null,
    };
    expect(doneOf(await getOnboardingStatus(envSmtp, scratch.sql)).mailServer).toBe(true);
  });

  test('team: ticks with the first team', async () => {
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).team).toBe(false);
    await scratch.sql`insert into teams (name) values ('Service desk')`;
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).team).toBe(true);
  });

  test('agents: another admin, an end user or a rejected agent do not count; an agent does', async () => {
    await insertUser('admin');
    await insertUser('end_user');
    await insertUser('agent', 'rejected');
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).agents).toBe(false);
    await insertUser('agent', 'pending');
    expect(doneOf(await getOnboardingStatus(null, scratch.sql)).agents).toBe(true);
  });

  test('service levels: an inactive policy does not count; an active one does', async () => {
    const status = () => getOnboardingStatus(null, scratch.sql).then(doneOf);
    expect((await status()).serviceLevels).toBe(false);
    await scratch.sql`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, is_active)
      values ('Old standard', 'high', 60, 240, false)`;
    expect((await status()).serviceLevels).toBe(false);
    await scratch.sql`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes)
      values ('Standard', 'high', 60, 240)`;
    expect((await status()).serviceLevels).toBe(true);
  });

  test('knowledge base: an inactive category does not count; an active one does', async () => {
    const status = () => getOnboardingStatus(null, scratch.sql).then(doneOf);
    expect((await status()).knowledgeBase).toBe(false);
    await scratch.sql`insert into kb_categories (name, slug, is_active) values ('Old', 'old', false)`;
    expect((await status()).knowledgeBase).toBe(false);
    await scratch.sql`insert into kb_categories (name, slug) values ('Email', 'email')`;
    expect((await status()).knowledgeBase).toBe(true);
  });

  test('with every item done the list is no longer shown', async () => {
    await scratch.sql`update settings set smtp_host = 'smtp.northwind.test', smtp_port = 587`;
    const status = await getOnboardingStatus(null, scratch.sql);
    expect(status.items.every((item) => item.isDone)).toBe(true);
    expect(status).toMatchObject({ isDismissed: false, isVisible: false });
  });
});

describe('GET /api/admin/onboarding and POST /api/admin/onboarding/dismiss', () => {
  const dismissAudits = async () =>
    (await sql`select 1 from admin_audit_logs where action = 'onboarding.dismissed'`).length;

  test('admins read the checklist; agents and end users are refused, anonymous 401', async () => {
    await sql`delete from desk_onboarding`;
    const { client } = await signedIn('admin');
    const response = await client.get(ADMIN_API_PATHS.adminOnboarding);
    expect(response.status).toBe(200);
    expect(ZOnboardingStatus.parse(response.body).isDismissed).toBe(false);
    for (const role of ['agent', 'end_user'] as const) {
      const { client: other } = await signedIn(role);
      expect((await other.get(ADMIN_API_PATHS.adminOnboarding)).status).toBe(403);
      expect((await other.post(ADMIN_API_PATHS.adminOnboardingDismiss, {})).status).toBe(403);
    }
    const anonymous = new TestClient();
    expect((await anonymous.get(ADMIN_API_PATHS.adminOnboarding)).status).toBe(401);
    expect((await anonymous.post(ADMIN_API_PATHS.adminOnboardingDismiss, {})).status).toBe(401);
    expect(
      ZOnboardingStatus.parse((await client.get(ADMIN_API_PATHS.adminOnboarding)).body).isDismissed,
    ).toBe(false);
  });

  test('a bad body is 400 and dismisses nothing', async () => {
    const { client } = await signedIn('admin');
    const audits = await dismissAudits();
    for (const body of [{ isDismissed: true }, [], 'yes']) {
      const response = await client.post(ADMIN_API_PATHS.adminOnboardingDismiss, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    const status = ZOnboardingStatus.parse((await client.get(ADMIN_API_PATHS.adminOnboarding)).body);
    expect(status.isDismissed).toBe(false);
    expect(await dismissAudits()).toBe(audits);
  });

  test('dismissing hides the list for every admin, once, with an audit row naming the open items', async () => {
    const { user: admin, client } = await signedIn('admin');
    const audits = await dismissAudits();
    const response = await client.post(ADMIN_API_PATHS.adminOnboardingDismiss, {});
    expect(response.status).toBe(200);
    expect(ZOnboardingStatus.parse(response.body)).toMatchObject({ isDismissed: true, isVisible: false });
    const { client: otherAdmin } = await signedIn('admin');
    const seen = ZOnboardingStatus.parse((await otherAdmin.get(ADMIN_API_PATHS.adminOnboarding)).body);
    expect(seen).toMatchObject({ isDismissed: true, isVisible: false });
    expect((await otherAdmin.post(ADMIN_API_PATHS.adminOnboardingDismiss, {})).status).toBe(200);
    expect(await dismissAudits()).toBe(audits + 1);
    const [row] = await sql<{ adminUserId: string; details: { open: unknown } }[]>`
      select admin_user_id as "adminUserId", details from admin_audit_logs
      where action = 'onboarding.dismissed' order by created_at desc limit 1`;
    expect(row?.adminUserId).toBe(admin.id);
    expect(Array.isArray(row?.details.open)).toBe(true);
  });
});
