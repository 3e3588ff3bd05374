import { afterAll, describe, expect, test } from 'bun:test';
import { ADMIN_API_PATHS, ERROR_CODES, TEST_MAIL_MESSAGES, ZTestMailResponse } from '@helpdesk/contracts';
import { errorOf, signedIn, sql, withRateLimitScale } from '../../test/helpers.ts';
import { freePort, resetSettings, startCatcher, useSettings } from '../email/email-test-kit.ts';
import { testMailBudget } from './test-mail.ts';

const catcher = await startCatcher({ rejectRecipient: (address) => address.startsWith('refused') });
afterAll(async () => {
  await catcher.close();
  await resetSettings();
  await sql`delete from desk_onboarding`;
});

const testMailAudits = async () =>
  (await sql`select 1 from admin_audit_logs where action = 'settings.test_mail_sent'`).length;
const rememberedServer = async () =>
  (await sql<{ server: string | null }[]>`select test_mail_server as server from desk_onboarding`)[0]
    ?.server ?? null;

describe('POST /api/admin/settings/test-mail', () => {
  test('sends through the saved mail server to the admin, remembers the server and audits it', async () => {
    await sql`delete from desk_onboarding`;
    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port, companyName: 'Northwind IT' });
    const { user: admin, client } = await signedIn('admin');
    const audits = await testMailAudits();
    const response = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {});
    expect(response.status).toBe(200);
    expect(ZTestMailResponse.parse(response.body)).toEqual({
      recipient: admin.email,
      server: `127.0.0.1:${catcher.port}`,
    });
    const mail = await catcher.waitFor((message) => message.envelope.to.includes(admin.email));
    expect(mail.subject).toContain('Northwind IT');
    expect(await rememberedServer()).toBe(`127.0.0.1:${catcher.port}`);
    expect(await testMailAudits()).toBe(audits + 1);
  });

  test('a given address gets it instead', async () => {
    const { client } = await signedIn('admin');
    const response = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, { to: 'ops@example.test' });
    expect(response.status).toBe(200);
    await catcher.waitFor((message) => message.envelope.to.includes('ops@example.test'));
  });

  test('bad input is 400 and sends nothing', async () => {
    const { client } = await signedIn('admin');
    const before = catcher.messages().length;
    const audits = await testMailAudits();
    const cases: unknown[] = [
      { to: 'not-an-address' },
      { to: `${'a'.repeat(260)}@example.test` },
      { to: 'a@example.test\r\nBcc: victim@example.test' },
      { to: 42 },
      { to: 'ops@example.test', cc: 'victim@example.test' },
      [],
    ];
    for (const body of cases) {
      const response = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    await Bun.sleep(200);
    expect(catcher.messages().length).toBe(before);
    expect(await testMailAudits()).toBe(audits);
  });

  test('without a mail server: 409 saying what to set, nothing remembered', async () => {
    await sql`delete from desk_onboarding`;
    await resetSettings();
    const { client } = await signedIn('admin');
    const response = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {});
    expect(response.status).toBe(409);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.conflict,
      message: TEST_MAIL_MESSAGES.notConfigured,
    });
    expect(await rememberedServer()).toBeNull();
  });

  test('a server that is down or refuses: 409 with its reason, nothing remembered', async () => {
    const { client } = await signedIn('admin');
    const audits = await testMailAudits();
    await useSettings({ smtpHost: '127.0.0.1', smtpPort: freePort() });
    const down = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {});
    expect(down.status).toBe(409);
    expect(errorOf(down).message).toStartWith(TEST_MAIL_MESSAGES.failed(''));
    expect(errorOf(down).message).toContain('ECONNREFUSED');

    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port });
    const refused = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, { to: 'refused@example.test' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('550');
    expect(await rememberedServer()).toBeNull();
    expect(await testMailAudits()).toBe(audits);
  });

  test('agents and end users are refused', async () => {
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      expect((await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {})).status).toBe(403);
    }
  });

  test('a flood is cut off with 429 and Retry-After after the budget', async () => {
    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port });
    const { user: admin, client } = await signedIn('admin');
    await withRateLimitScale(1, async () => {
      const { limit } = testMailBudget(admin);
      for (let sent = 0; sent < limit; sent++) {
        expect((await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {})).status).toBe(200);
      }
      const before = catcher.messages().length;
      const refused = await client.post(ADMIN_API_PATHS.adminSettingsTestMail, {});
      expect(refused.status).toBe(429);
      expect(errorOf(refused).code).toBe(ERROR_CODES.tooManyRequests);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      await Bun.sleep(200);
      expect(catcher.messages().length).toBe(before);
    });
  });

  test('a flood sent all at once still gets only the budget through', async () => {
    await useSettings({ smtpHost: '127.0.0.1', smtpPort: catcher.port });
    const { user: admin, client } = await signedIn('admin');
    await withRateLimitScale(1, async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => client.post(ADMIN_API_PATHS.adminSettingsTestMail, {})),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(testMailBudget(admin).limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - testMailBudget(admin).limit);
    });
  });
});
