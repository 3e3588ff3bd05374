import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { EMAIL_MESSAGES } from '@helpdesk/contracts';
import type { SmtpCatcher } from '../../scripts/smtp-catcher.ts';
import { sql, uniqueName } from '../../test/helpers.ts';
import { DEFAULT_DELIVERY_OPTIONS, describeSendError, emailDeliveryTask, retryDelayMs } from './delivery.ts';
import {
  configWithSmtp,
  deliverAll,
  fastTask,
  freePort,
  outboxFor,
  resetSettings,
  startCatcher,
  useSettings,
  workerContext,
} from './email-test-kit.ts';
import { enqueueTestMessage } from './outbox.ts';
import { claimDueMessages } from './queries.ts';
import { closeTransport, outboxMessageId } from './transport.ts';

/** A message in the outbox to a fresh address, through the real enqueue path. */
async function enqueueTo(email: string): Promise<string> {
  const id = await sql.begin((tx) =>
    enqueueTestMessage(
      tx,
      { email, firstName: 'Casey', emailVerified: true },
      { appBaseUrl: 'http://localhost:3000' },
    ),
  );
  if (id === null) throw new Error('not enqueued');
  return id;
}

const addressAt = (domain: string) => `${uniqueName('mail')}@${domain}`;

let catcher: SmtpCatcher | null = null;

beforeEach(async () => {
  // The SMTP server comes from the environment in these tests unless one says otherwise.
  await useSettings();
});

afterEach(async () => {
  await catcher?.close();
  catcher = null;
});

afterAll(async () => {
  closeTransport();
  await resetSettings();
});

describe('the delivery task', () => {
  test('is the worker task B registers: named, woken by the email_outbox channel', () => {
    expect(emailDeliveryTask.name).toBe('email-delivery');
    expect(emailDeliveryTask.wakeChannel).toBe('email_outbox');
    expect(emailDeliveryTask.intervalMs).toBe(DEFAULT_DELIVERY_OPTIONS.intervalMs);
  });

  test('enqueueing notifies email_outbox on commit, and a rolled-back enqueue leaves nothing', async () => {
    const heard: string[] = [];
    const { unlisten } = await sql.listen('email_outbox', (payload) => heard.push(payload));
    try {
      const email = addressAt('notify.test');
      await enqueueTo(email);
      const deadline = Date.now() + 3000;
      while (heard.length === 0 && Date.now() < deadline) await Bun.sleep(20);
      expect(heard.length).toBeGreaterThan(0);

      const rolledBack = addressAt('rollback.test');
      await sql
        .begin(async (tx) => {
          await enqueueTestMessage(
            tx,
            { email: rolledBack, firstName: 'R', emailVerified: true },
            { appBaseUrl: 'http://x.test' },
          );
          throw new Error('the change failed');
        })
        .catch(() => {});
      expect(await outboxFor(rolledBack)).toEqual([]);
    } finally {
      await unlisten();
    }
  });

  test('with no SMTP server the messages stay pending, no attempt spent, labelled "not configured"', async () => {
    const email = addressAt('unconfigured.test');
    await enqueueTo(email);
    const result = await fastTask().run(workerContext(configWithSmtp(null)));
    expect(result).toEqual({ handled: 0, isBatchFull: false });
    const [row] = await outboxFor(email);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: EMAIL_MESSAGES.notConfigured });
    const [due] = await sql<{ isDue: boolean }[]>`
      select next_attempt_at <= now() as "isDue" from email_outbox where id = ${row?.id ?? ''}`;
    expect(due?.isDue).toBe(true);
  });

  test('SMTP down, then up: the message arrives exactly once', async () => {
    const port = freePort();
    const context = workerContext(configWithSmtp(port));
    const email = addressAt('downup.test');
    const id = await enqueueTo(email);
    // The retry waits 30-60 s, so however long draining whatever else waits takes on a busy machine,
    // this one is not retried early; the wait is then ended by hand.
    const task = fastTask({ backoffBaseMs: 60_000, backoffMaxMs: 60_000 });

    await deliverAll(task, context);
    const [failed] = await outboxFor(email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('ECONNREFUSED');

    catcher = await startCatcher({ port });
    await deliverAll(task, context);
    expect(catcher.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(0);
    await sql`update email_outbox set next_attempt_at = now() where id = ${id}`;
    await deliverAll(task, context);
    await deliverAll(task, context);
    const arrived = catcher.messages().filter((m) => m.envelope.to.includes(email));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.messageId).toBe(outboxMessageId(id, 'acme.test'));
    const [sent] = await outboxFor(email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  test('several rounds racing over 100 messages send each exactly once', async () => {
    catcher = await startCatcher();
    const context = workerContext(configWithSmtp(catcher.port));
    const domain = `race-${crypto.randomUUID().slice(0, 8)}.test`;
    const emails = Array.from({ length: 100 }, (_, i) => `racer${i}@${domain}`);
    for (const email of emails) await enqueueTo(email);

    const task = fastTask({ batchSize: 7 });
    for (let wave = 0; wave < 40; wave++) {
      const results = await Promise.all(Array.from({ length: 4 }, () => task.run(context)));
      if (results.every((r) => r.handled === 0)) break;
    }
    const arrived = catcher.messages().filter((m) => m.envelope.to[0]?.endsWith(`@${domain}`));
    const perAddress = new Map<string, number>();
    for (const message of arrived) {
      for (const to of message.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect(arrived).toHaveLength(100);
    expect([...perAddress.keys()].sort()).toEqual([...emails].sort());
    expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
    const [counts] = await sql<{ sent: number; attempts: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, sum(attempts)::int as attempts
      from email_outbox where recipient like ${`%@${domain}`}`;
    expect(counts).toEqual({ sent: 100, attempts: 100 });
  });

  test('a worker that died holding a claim: after the lease another sends it, with the same Message-ID', async () => {
    catcher = await startCatcher();
    const context = workerContext(configWithSmtp(catcher.port));
    const email = addressAt('lease.test');
    const id = await enqueueTo(email);
    // Another worker claims everything due (this message included) and never comes back.
    const claimed = await claimDueMessages(sql, { limit: 1000, leaseMs: 300 });
    expect(claimed.map((m) => m.id)).toContain(id);

    await deliverAll(fastTask(), context);
    expect(catcher.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(0);

    await Bun.sleep(400);
    await deliverAll(fastTask(), context);
    const arrived = catcher.messages().filter((m) => m.envelope.to.includes(email));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.messageId).toBe(outboxMessageId(id, 'acme.test'));
    expect((await outboxFor(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('after maxAttempts the message is failed, and a recipient refused with 550 fails at once', async () => {
    const downContext = workerContext(configWithSmtp(freePort()));
    const email = addressAt('attempts.test');
    await enqueueTo(email);
    const task = fastTask({ maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await deliverAll(task, downContext);
      await Bun.sleep(120);
    }
    expect((await outboxFor(email))[0]).toMatchObject({ status: 'failed', attempts: 3 });

    const refused = addressAt('refused.test');
    catcher = await startCatcher({ rejectRecipient: (address) => address === refused });
    await enqueueTo(refused);
    await deliverAll(fastTask(), workerContext(configWithSmtp(catcher.port)));
    const [row] = await outboxFor(refused);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toContain('550');
  });

  test('a round asked to stop hands its claims back without spending their attempts', async () => {
    catcher = await startCatcher();
    const email = addressAt('stop.test');
    await enqueueTo(email);
    const controller = new AbortController();
    controller.abort();
    const context = { ...workerContext(configWithSmtp(catcher.port)), signal: controller.signal };
    await fastTask({ batchSize: 1000 }).run(context);
    expect((await outboxFor(email))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(catcher.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(0);
  });

  test('the saved settings win over SMTP_*: their server, login and password are used', async () => {
    catcher = await startCatcher();
    const secret = `pw-${crypto.randomUUID()}`;
    await useSettings({
      smtpHost: '127.0.0.1',
      smtpPort: catcher.port,
      smtpUsername: 'desk-mailer',
      smtpPassword: secret,
      companyName: 'Settings Co',
      companyEmail: 'desk@settings.test',
    });
    const email = addressAt('settings.test');
    await enqueueTo(email);
    const lines: string[] = [];
    // SMTP_* points nowhere: only the settings' server can receive it.
    await deliverAll(fastTask(), workerContext(configWithSmtp(freePort()), lines));
    const arrived = await catcher.waitFor((m) => m.envelope.to.includes(email));
    expect(arrived.authUser).toBe('desk-mailer');
    expect(arrived.from).toBe('"Settings Co" <desk@settings.test>');
    expect(arrived.envelope.from).toBe('desk@settings.test');
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain('This is a test email');
  });

  test('retry delays double from the base, stay within the cap, and jitter between half and all', () => {
    const options = { ...DEFAULT_DELIVERY_OPTIONS, backoffBaseMs: 1000, backoffMaxMs: 10_000 };
    expect(retryDelayMs(1, options, () => 1)).toBe(1000);
    expect(retryDelayMs(2, options, () => 1)).toBe(2000);
    expect(retryDelayMs(3, options, () => 0)).toBe(2000);
    expect(retryDelayMs(20, options, () => 1)).toBe(10_000);
    expect(retryDelayMs(20, options, () => 0)).toBe(5000);
  });

  test('a send error becomes one short line without the password', () => {
    const error = Object.assign(new Error('Invalid login: 535 bad password hunter2\r\nmore'), {
      code: 'EAUTH',
    });
    expect(describeSendError(error, 'hunter2')).toBe('EAUTH: Invalid login: 535 bad password *** more');
    expect(describeSendError('boom', null)).toBe('boom');
    expect(describeSendError(new Error('x'.repeat(1000)), null).length).toBeLessThanOrEqual(300);
  });
});
