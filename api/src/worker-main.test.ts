import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createScratchDatabase } from '../test/helpers.ts';
import { freePort, spawnApiEntry } from '../test/processes.ts';
import { enqueueJob } from './jobs/service.ts';
import { eventually, insertPerson, insertTicket, setAutoAssignment } from './worker/test-fixtures.ts';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  await setAutoAssignment(scratch.sql, true);
});
afterAll(async () => {
  await scratch.drop();
});

async function queuedTicket(): Promise<string> {
  const requesterId = await insertPerson(scratch.sql);
  const ticket = await insertTicket(scratch.sql, { requesterId });
  await scratch.sql.begin((tx) => enqueueJob(tx, 'auto_assign', { ticketId: ticket.id }));
  return ticket.id;
}

const assigneeOf = async (ticketId: string) => {
  const [row] = await scratch.sql<{ assigneeId: string | null }[]>`
    select assignee_id as "assigneeId" from tickets where id = ${ticketId}`;
  return row?.assigneeId ?? null;
};

describe('bun run worker', () => {
  test('refuses to start without DATABASE_URL, with one clear line', async () => {
    const worker = spawnApiEntry('src/worker-main.ts', {});
    expect(await worker.process.exited).toBe(1);
    expect(worker.output()).toContain('Worker configuration error: DATABASE_URL is required');
    expect(worker.output()).not.toContain('    at ');
  });

  test('runs the tasks on its own: a queued job is done at once; SIGTERM stops it cleanly with exit 0', async () => {
    const agent = await insertPerson(scratch.sql, { role: 'agent' });
    const worker = spawnApiEntry('src/worker-main.ts', { DATABASE_URL: scratch.url });
    try {
      await eventually(
        () => worker.output().includes('worker started: jobs, email-delivery, sla-watch, cleanup'),
        10_000,
      );
      const ticketId = await queuedTicket();
      await eventually(async () => (await assigneeOf(ticketId)) === agent, 5_000);
      worker.process.kill('SIGTERM');
      expect(await worker.process.exited).toBe(0);
      expect(worker.output()).toContain('SIGTERM: stopping the worker');
      expect(worker.output()).toContain('worker stopped');
      expect(worker.output()).toContain('auto assignment: ticket assigned');
      expect(worker.output()).not.toContain(scratch.url);
    } finally {
      if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
    }
  }, 30_000);
});

describe('the worker inside the API', () => {
  test('runs by default, and not with WORKER_IN_API=false', async () => {
    for (const isInApi of [true, false]) {
      const port = freePort();
      const api = spawnApiEntry('src/index.ts', {
        DATABASE_URL: scratch.url,
        API_PORT: String(port),
        WORKER_IN_API: String(isInApi),
      });
      try {
        await eventually(() => api.output().includes(`API listening on http://localhost:${port}`), 10_000);
        const ticketId = await queuedTicket();
        if (isInApi) {
          await eventually(async () => (await assigneeOf(ticketId)) !== null, 5_000);
          expect(api.output()).toContain('worker started in the API');
        } else {
          await Bun.sleep(1_000);
          expect(await assigneeOf(ticketId)).toBeNull();
          expect(api.output()).not.toContain('worker started');
          // Clear the queue for the next process.
          await scratch.sql`delete from jobs`;
        }
        api.process.kill('SIGTERM');
        expect(await api.process.exited).toBe(0);
      } finally {
        if (api.process.exitCode === null) api.process.kill('SIGKILL');
      }
    }
  }, 40_000);
});
