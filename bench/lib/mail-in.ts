/**
 * Mail in on the bench: a worker process (`bun api/src/worker-main.ts`, as `bun run worker` runs it)
 * with a support mailbox on a Dovecot of its own (api/test/imap-server.ts).
 * - 1,000 waiting messages, taken in: rows already in inbound_messages, processed by the mail-intake task.
 * - 1,000 waiting messages, fetched and taken in: in the IMAP folder when the mailbox is switched on,
 *   fetched by mail-fetch and processed by mail-intake, from the first taken in to the last done.
 * - IDLE latency: one message at a time APPENDed while the fetcher idles, until its ticket exists.
 * Senders are active end users of the data set, ten messages each (under the per-sender flood limit).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { insertInboundMessage } from '../../api/src/mail-in/inbound-queries.ts';
import { sealSecret } from '../../api/src/mailboxes/secret-box.ts';
import { startImapServer } from '../../api/test/imap-server.ts';
import { appendMail, composeMail } from '../../api/test/mail-client.ts';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';
import { blankResult, type CaseResult } from './report.ts';

const WAITING = 1000;
const PER_SENDER = 10;
// Each row its own senders (two rows of 1,000 and the IDLE row's), so none reaches the flood limit.
const SENDERS = ((2 * WAITING) / PER_SENDER) * 1.5;
const MIN_MESSAGES_PER_SECOND = 50;
const IDLE_P99_MS = 2000;
const SUPPORT = { user: 'support', password: 'bench-support-mailbox' };
const ADDRESS = 'support-bench@bench.example.com';
const SETTLE_TIMEOUT_MS = 60_000;

type Sql = ReturnType<typeof postgres>;

/** The p-th percentile (0-100) of the values, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

let workerExit: () => number | null = () => null;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    const code = workerExit();
    if (code !== null) throw new Error(`the worker exited (${code})`);
    await Bun.sleep(intervalMs);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/** What the bench mailbox's rows say, for a row that did not finish: counts by status and outcome, and the last error. */
async function rowStates(sql: Sql, mailboxId: string): Promise<string> {
  const rows = await sql<{ state: string; count: number; lastError: string | null }[]>`
    select status || '/' || coalesce(outcome, '-') as state, count(*)::int as count, max(last_error) as "lastError"
    from inbound_messages where mailbox_id = ${mailboxId} group by 1 order by 1`;
  const [mailbox] = await sql<{ lastError: string | null; lastUid: string }[]>`
    select last_error as "lastError", last_uid::text as "lastUid" from mailboxes where id = ${mailboxId}`;
  const states = rows.map(
    (row) => `${row.state} x ${row.count}${row.lastError ? ` (${row.lastError})` : ''}`,
  );
  return `rows: ${states.join(', ') || 'none'}; mailbox last UID ${mailbox?.lastUid}, error ${mailbox?.lastError ?? 'none'}`;
}

/** `count` messages, ten from each sender in turn: the rows take their senders from `senders` apart. */
function messagesFrom(senders: readonly string[], count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, index) =>
    composeMail({
      from: senders[Math.floor(index / PER_SENDER)] ?? '',
      to: ADDRESS,
      subject: `Bench: printer offline ${tag}n${index}`,
      text: `Bench message ${tag}n${index}: the printer on floor ${index % 9} shows an error.`,
    }),
  );
}

/**
 * Rows of the bench mailbox that became a ticket or comment, and the span from the first taken in to
 * the last done (ms; each fetched message is taken in by a transaction of its own, so received_at is its own).
 */
async function progress(sql: Sql, mailboxId: string) {
  const [row] = await sql<{ done: number; spanMs: number | null }[]>`
    select count(*) filter (where status = 'done' and outcome in ('ticket', 'comment'))::int as done,
           (extract(epoch from max(processed_at) - min(received_at)) * 1000)::float8 as "spanMs"
    from inbound_messages where mailbox_id = ${mailboxId}`;
  return { done: row?.done ?? 0, spanMs: row?.spanMs ?? null };
}

function throughputRow(name: string, messages: number, spanMs: number): CaseResult {
  const perSecond = messages / (spanMs / 1000);
  return {
    ...blankResult(name),
    rps: perSecond,
    minRps: MIN_MESSAGES_PER_SECOND,
    failures:
      perSecond >= MIN_MESSAGES_PER_SECOND
        ? []
        : [`${perSecond.toFixed(0)} messages/s < ${MIN_MESSAGES_PER_SECOND}`],
  };
}

async function* readLines(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    yield* lines;
  }
}

/** Runs the rows whose names `wants` accepts; each row that cannot run is a line with its error. */
export async function measureMailIn(options: {
  databaseUrl: string;
  isQuick: boolean;
  wants: (name: string) => boolean;
  log: (line: string) => void;
  /** Run first, when any row is wanted: puts the data set back as seeded. */
  prepare?: () => Promise<void>;
}): Promise<CaseResult[]> {
  const names = {
    takenIn: `mail in: ${WAITING.toLocaleString('en')} waiting messages, taken in`,
    fetched: `mail in: ${WAITING.toLocaleString('en')} waiting messages, fetched and taken in`,
    idle: 'mail in: IDLE latency, APPEND to ticket',
  };
  const wanted = Object.values(names).filter(options.wants);
  if (!wanted.length) return [];
  await options.prepare?.();
  const { log } = options;
  const sql = postgres(options.databaseUrl, { max: 4, onnotice: () => {} });
  const imap = await startImapServer();
  imap.addUser(SUPPORT.user, SUPPORT.password);
  const key = crypto.getRandomValues(new Uint8Array(32));
  const uploads = mkdtempSync(join(tmpdir(), 'helpdesk-bench-mail-'));
  const results: CaseResult[] = [];
  let worker: Bun.Subprocess<'ignore', 'pipe', 'inherit'> | null = null;
  let mailboxId = '';
  try {
    // Mail from an address counts as its account's only once the address is confirmed; the seed's
    // people have confirmed none, so the senders' are marked confirmed (once; it stays, as the seed does).
    const senders = (
      await sql<{ email: string }[]>`
        update users set email_verified_at = coalesce(email_verified_at, created_at)
        where id in (select id from users where role = 'end_user' and status = 'active'
                     order by username limit ${SENDERS})
        returning email`
    ).map((row) => row.email);
    await sql`delete from mailboxes where lower(address) = ${ADDRESS}`;
    const [mailbox] = await sql<{ id: string }[]>`
      insert into mailboxes (name, address, kind, imap_host, imap_port, imap_security, imap_username,
                             secret_ciphertext, unknown_senders, is_active)
      values ('Bench support', ${ADDRESS}, 'imap', ${imap.host}, ${imap.port}, 'none', ${SUPPORT.user},
              ${sealSecret(Buffer.from(key), JSON.stringify({ password: SUPPORT.password }))}, 'refuse', false)
      returning id`;
    mailboxId = mailbox?.id ?? '';
    worker = Bun.spawn(['bun', join(REPO_ROOT, 'api/src/worker-main.ts')], {
      cwd: REPO_ROOT,
      stdin: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        TRUSTED_PROXIES: 'none',
        DATABASE_URL: options.databaseUrl,
        APP_BASE_URL: 'http://127.0.0.1:9',
        MAIL_SECRET_KEY: Buffer.from(key).toString('hex'),
        ATTACHMENTS_DIR: uploads,
        RATE_LIMIT_SCALE: '1000000',
      },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const running = worker;
    workerExit = () => running.exitCode;
    void (async () => {
      // The worker's own errors (JSON log lines) go to the bench's log; the rest is noise here.
      for await (const line of readLines(running.stdout))
        if (line.includes('"level":"error"')) log(`worker: ${line.slice(0, 400)}`);
    })();
    const runId = Date.now().toString(36);

    if (options.wants(names.takenIn)) {
      try {
        log(`${names.takenIn}: inserting ${WAITING} rows`);
        const raw = messagesFrom(senders.slice(0, WAITING / PER_SENDER), WAITING, `t${runId}`);
        // One transaction: the messages are all waiting when the worker hears of them (at COMMIT).
        await sql.begin(async (tx) => {
          for (const message of raw) {
            await insertInboundMessage(tx, { mailboxId, uidValidity: null, uid: null }, Buffer.from(message));
          }
        });
        const committedAt = Date.now();
        await waitUntil(
          async () => (await progress(sql, mailboxId)).done >= WAITING,
          SETTLE_TIMEOUT_MS,
          'processing',
        );
        results.push(throughputRow(names.takenIn, WAITING, Date.now() - committedAt));
      } catch (error) {
        results.push(blankResult(names.takenIn, [`${errorText(error)}; ${await rowStates(sql, mailboxId)}`]));
      }
      await sql`delete from inbound_messages where mailbox_id = ${mailboxId}`;
    }

    if (options.wants(names.fetched)) {
      try {
        log(`${names.fetched}: appending ${WAITING} messages`);
        const raw = messagesFrom(senders.slice(WAITING / PER_SENDER), WAITING, `f${runId}`);
        await appendMail({ host: imap.host, port: imap.port, ...SUPPORT }, raw);
        await sql`update mailboxes set is_active = true where id = ${mailboxId}`;
        await waitUntil(
          async () => (await progress(sql, mailboxId)).done >= WAITING,
          SETTLE_TIMEOUT_MS,
          'fetch and processing',
        );
        const { spanMs } = await progress(sql, mailboxId);
        results.push(throughputRow(names.fetched, WAITING, spanMs ?? Number.NaN));
      } catch (error) {
        results.push(blankResult(names.fetched, [`${errorText(error)}; ${await rowStates(sql, mailboxId)}`]));
      }
    }

    if (options.wants(names.idle)) {
      try {
        await sql`update mailboxes set is_active = true where id = ${mailboxId}`;
        const count = options.isQuick ? 20 : 60;
        const idleSenders = senders.slice((2 * WAITING) / PER_SENDER);
        const raw = messagesFrom(idleSenders, count, `i${runId}`);
        // Connected and idling: a first message goes all the way through before any is timed.
        await appendMail(
          { host: imap.host, port: imap.port, ...SUPPORT },
          messagesFrom(idleSenders.slice(-1), 1, `w${runId}`),
        );
        const before = (await progress(sql, mailboxId)).done;
        await waitUntil(
          async () => (await progress(sql, mailboxId)).done > before,
          30_000,
          'the first ticket',
        );
        log(`${names.idle}: ${count} messages one at a time`);
        const latencies: number[] = [];
        for (const [index, message] of raw.entries()) {
          const pattern = `%i${runId}n${index}`;
          const sentAt = Date.now();
          await appendMail({ host: imap.host, port: imap.port, ...SUPPORT }, [message]);
          await waitUntil(
            async () => (await sql`select 1 from tickets where title like ${pattern}`).length > 0,
            10_000,
            `ticket ${index}`,
            10,
          );
          latencies.push(Date.now() - sentAt);
        }
        const p99 = percentile(latencies, 99);
        results.push({
          ...blankResult(names.idle),
          rate: null,
          p50Ms: percentile(latencies, 50),
          p99Ms: p99,
          maxP99Ms: IDLE_P99_MS,
          failures: p99 <= IDLE_P99_MS ? [] : [`p99 ${p99.toFixed(0)} ms > ${IDLE_P99_MS} ms`],
        });
      } catch (error) {
        results.push(blankResult(names.idle, [`${errorText(error)}; ${await rowStates(sql, mailboxId)}`]));
      }
    }
  } finally {
    if (worker) {
      worker.kill('SIGTERM');
      await worker.exited;
    }
    if (mailboxId) await sql`delete from mailboxes where id = ${mailboxId}`;
    await sql.end();
    await imap.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
  return results;
}
