/**
 * Mail in, exactly once: two workers never process one message twice, a worker that died after
 * writing the ticket leaves no second ticket behind, failures are retried and then held for an
 * admin, and the original message stays out of the requester's reach.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ticketAttachmentsPath, ticketPath, ZTicketDetail } from '@helpdesk/contracts';
import { createUser, signIn, sql, type TestUser, testConfig } from '../../test/helpers.ts';
import { workerContext } from '../email/email-test-kit.ts';
import { createWorkerTasks } from '../worker/tasks.ts';
import { INBOUND_CHANNEL } from './inbound-queries.ts';
import { claimDueInbound, claimInbound, finishInbound, releaseInboundClaims } from './intake-queries.ts';
import { processInboundMessage } from './intake-service.ts';
import { createMailIntakeTask } from './intake-task.ts';
import {
  attachmentsOf,
  inboundRow,
  insertMailbox,
  intakeEnv,
  mail,
  type TestMailbox,
  takeIn,
  ticketsOf,
} from './intake-test-kit.ts';

let box: TestMailbox;

beforeAll(async () => {
  box = await insertMailbox();
});

const from = (user: TestUser) => `From: ${user.email}`;

/** An attachments directory that cannot be created (a file is in its place): staging files fails. */
async function brokenDir(): Promise<string> {
  const path = join(testConfig.attachmentsDir, `not-a-dir-${crypto.randomUUID()}`);
  await Bun.write(path, 'x');
  return join(path, 'files');
}

describe('the mail-intake task', () => {
  test('is one of the worker tasks, woken by the channel a message taken in notifies', () => {
    const task = createWorkerTasks(testConfig).find((candidate) => candidate.name === 'mail-intake');
    expect(task?.wakeChannel).toBe(INBOUND_CHANNEL);
    expect(INBOUND_CHANNEL).toBe('inbound_messages');
  });

  test('a round asked to stop hands back what it has not started, its attempt not spent', async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Stopping']));
    const stopping = new AbortController();
    stopping.abort();
    await createMailIntakeTask({ batchSize: 1000 }).run({
      ...workerContext(testConfig),
      signal: stopping.signal,
    });
    expect(await inboundRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await ticketsOf(user.id)).toHaveLength(0);
  });
});

describe('exactly once', () => {
  test('two workers racing over the same rows make each message one ticket', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const ids = await Promise.all(users.map((user) => takeIn(box, mail([from(user), 'Subject: Race']))));
    const task = createMailIntakeTask({ batchSize: 4 });
    const context = workerContext(testConfig);
    // Rounds claim the oldest due rows of the whole database, other tests' leftovers too: race until
    // this test's rows are claimed (a bounded number of rounds), then look at each.
    for (let round = 0; round < 100; round += 1) {
      const waiting = await sql<{ id: string }[]>`
        select id from inbound_messages where id in ${sql(ids)} and status in ('pending', 'processing')`;
      if (waiting.length === 0) break;
      await Promise.all([task.run(context), task.run(context)]);
    }
    for (const [index, id] of ids.entries()) {
      const row = await inboundRow(id);
      expect(row).toMatchObject({ status: 'done', outcome: 'ticket', attempts: 1 });
      expect(await ticketsOf(users[index]?.id ?? '')).toHaveLength(1);
    }
  });

  test('one row processed twice at once is processed by one of them', async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Twice at once']));
    const results = await Promise.all([
      processInboundMessage(id, intakeEnv()),
      processInboundMessage(id, intakeEnv()),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });

  test('a worker that died after writing the ticket leaves one ticket: the next attempt finds it by its key', async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Crash']));
    // The ticket is written, then the files cannot be: the row is not marked done.
    const first = { ...intakeEnv(), attachmentsDir: await brokenDir() };
    expect(await processInboundMessage(id, first)).toBeNull();
    expect(await ticketsOf(user.id)).toHaveLength(1);
    expect(await inboundRow(id)).toMatchObject({ status: 'pending', attempts: 1, hasRaw: true });
    await sql`update inbound_messages set next_attempt_at = now() where id = ${id}`;
    await processInboundMessage(id, intakeEnv());
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: 'done', outcome: 'ticket', attempts: 2 });
    const tickets = await ticketsOf(user.id);
    expect(tickets.map((ticket) => ticket.id)).toEqual([row.ticketId ?? 'none']);
    expect((await attachmentsOf(tickets[0]?.id ?? '')).filter((file) => file.isInternal)).toHaveLength(1);
  });

  test("a row whose lease ran out is claimed again, and the first worker's late finish changes nothing", async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Slow worker']));
    const stale = await claimInbound(sql, id, 1);
    expect(stale).not.toBeNull();
    await Bun.sleep(20);
    await processInboundMessage(id, intakeEnv());
    expect(await inboundRow(id)).toMatchObject({ status: 'done', outcome: 'ticket', attempts: 2 });
    const late = await finishInbound(sql, stale ?? { id, attempts: 1, wasInterrupted: false }, {
      status: 'done',
      outcome: 'refused',
      ticketId: null,
      commentId: null,
      lastError: null,
    });
    expect(late).toBe(false);
    expect((await inboundRow(id)).outcome).toBe('ticket');
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });

  test('a message whose processing keeps stopping halfway is held for an admin, not tried forever', async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Poison']));
    // Its last allowed attempt was claimed and never finished (the worker died).
    await sql`update inbound_messages set status = 'processing', attempts = 2, next_attempt_at = now() - interval '1 second'
              where id = ${id}`;
    await processInboundMessage(id, intakeEnv({ maxAttempts: 2 }));
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, hasRaw: true });
    expect(row.lastError).toContain('stopped before it finished');
    expect(await ticketsOf(user.id)).toHaveLength(0);
    // An admin's Retry (pending again) processes it once more, whatever its attempts.
    await sql`update inbound_messages set status = 'pending', released_at = now(), next_attempt_at = now() where id = ${id}`;
    await processInboundMessage(id, intakeEnv({ maxAttempts: 2 }));
    expect(await inboundRow(id)).toMatchObject({ status: 'done', outcome: 'ticket' });
  });

  test('a message that keeps failing is retried with a backoff, then failed with a short safe reason', async () => {
    const user = await createUser();
    const id = await takeIn(box, mail([from(user), 'Subject: Never works']));
    const env = { ...intakeEnv({ maxAttempts: 2 }), attachmentsDir: await brokenDir() };
    await processInboundMessage(id, env);
    const [waiting] = await sql<{ isLater: boolean }[]>`
      select next_attempt_at > now() as "isLater" from inbound_messages where id = ${id}`;
    expect(waiting?.isLater).toBe(true);
    expect(await processInboundMessage(id, env)).toBeNull();
    await sql`update inbound_messages set next_attempt_at = now() where id = ${id}`;
    await processInboundMessage(id, env);
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, hasRaw: true });
    expect(row.lastError).toBe('Processing failed (the server log has the details)');
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });
});

/** Runs the intake task's rounds until none of `ids` is waiting (rounds take other tests' leftovers too). */
async function roundsUntilDone(ids: string[], overrides: Parameters<typeof createMailIntakeTask>[0]) {
  const task = createMailIntakeTask({ batchSize: 1000, ...overrides });
  for (let round = 0; round < 20; round += 1) {
    const waiting = await sql<{ id: string }[]>`
      select id from inbound_messages where id in ${sql(ids)} and status in ('pending', 'processing')`;
    if (waiting.length === 0) return;
    await task.run(workerContext(testConfig));
  }
}

describe('a round of several messages at once', () => {
  test("one sender's messages keep the flood limit exact: the ones past it are held back", async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1)
      ids.push(await takeIn(box, mail([from(user), `Subject: Burst ${index}`])));
    await roundsUntilDone(ids, { floodLimit: 3, concurrency: 4 });
    // The count is this test's; which three is the claim's order, the next test's.
    const outcomes = await Promise.all(ids.map(async (id) => (await inboundRow(id)).outcome));
    expect(outcomes.toSorted()).toEqual(['flood', 'flood', 'flood', 'flood', 'ticket', 'ticket', 'ticket']);
    expect(await ticketsOf(user.id)).toHaveLength(3);
  });

  test('a reply to a message of the same round, from someone else, lands on the ticket that message opens', async () => {
    const requester = await createUser();
    const agent = await createUser({ role: 'agent' });
    const firstId = `<${crypto.randomUUID()}@client.test>`;
    const first = await takeIn(
      box,
      mail([from(requester), 'Subject: Monitor dead', `Message-ID: ${firstId}`]),
    );
    const reply = await takeIn(
      box,
      mail([from(agent), 'Subject: Re: Monitor dead', `In-Reply-To: ${firstId}`], 'On my way.'),
    );
    await roundsUntilDone([first, reply], { concurrency: 4 });
    const opened = await inboundRow(first);
    expect(opened).toMatchObject({ status: 'done', outcome: 'ticket' });
    expect(await inboundRow(reply)).toMatchObject({
      status: 'done',
      outcome: 'comment',
      ticketId: opened.ticketId,
    });
  });

  test('a round claims messages in the order they came in', async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1)
      ids.push(await takeIn(box, mail([from(user), `Subject: In order ${index}`])));
    // Due in the reverse order: the claim's own order (the lease) must not decide the order of work.
    for (const [index, id] of ids.entries())
      await sql`update inbound_messages set next_attempt_at = now() - ${`${index} seconds`}::interval where id = ${id}`;
    const claimed = (await claimDueInbound(sql, { limit: 1000, leaseMs: 60_000 })).filter((claim) =>
      ids.includes(claim.id),
    );
    await releaseInboundClaims(sql, claimed);
    expect(claimed.map((claim) => claim.id)).toEqual(ids);
  });

  test('messages of different senders are all taken in, each once', async () => {
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser()));
    const ids = await Promise.all(
      users.map((user) => takeIn(box, mail([from(user), 'Subject: Side by side']))),
    );
    await roundsUntilDone(ids, { concurrency: 4 });
    for (const [index, id] of ids.entries()) {
      expect(await inboundRow(id)).toMatchObject({ status: 'done', outcome: 'ticket', attempts: 1 });
      expect(await ticketsOf(users[index]?.id ?? '')).toHaveLength(1);
    }
  });
});

describe('the original message', () => {
  test('is listed and downloadable for staff only: the requester gets a 404', async () => {
    const requester = await createUser();
    const agent = await createUser({ role: 'agent' });
    const id = await takeIn(box, mail([from(requester), 'Subject: Original']));
    await processInboundMessage(id, intakeEnv());
    const ticketId = (await inboundRow(id)).ticketId ?? '';
    const [original] = await attachmentsOf(ticketId);
    expect(original?.isInternal).toBe(true);
    const asRequester = await signIn(requester);
    const asAgent = await signIn(agent);
    const mine = ZTicketDetail.parse((await asRequester.get(ticketPath(ticketId))).body);
    expect(mine.attachments).toHaveLength(0);
    const staff = ZTicketDetail.parse((await asAgent.get(ticketPath(ticketId))).body);
    expect(staff.attachments.map((file) => file.fileName)).toEqual(['original-message.eml']);
    const download = `${ticketAttachmentsPath(ticketId)}/${original?.id}`;
    expect((await asRequester.get(download)).status).toBe(404);
    const forStaff = await asAgent.get(download);
    expect(forStaff.status).toBe(200);
    expect(forStaff.text).toContain('Subject: Original');
  });
});
