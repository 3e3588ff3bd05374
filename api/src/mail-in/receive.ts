/**
 * `bun run mail:receive --mailbox <address or name> < message.eml`: one RFC 822 message from stdin,
 * taken in for a support mailbox and processed at once with the worker's rules. Made for a Postfix
 * or Exim pipe transport (docs/product.md#email-in), so it answers with sysexits codes: 0 taken in
 * (whatever it became, even a refusal), 64 wrong usage, 65 larger than the size cap, 67 no such
 * mailbox, 75 the database (or the configuration) is not there right now, so the mail server keeps
 * the message and tries again.
 */
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { consoleLogger } from '../log.ts';
import { DEFAULT_PARSE_LIMITS } from './parse-message.ts';

export const RECEIVE_EXIT = { ok: 0, usage: 64, tooLarge: 65, noMailbox: 67, tryLater: 75 } as const;

const USAGE = 'usage: bun run mail:receive --mailbox <mailbox address or name> < message.eml';

/** The message on stdin, or null once it passes `maxBytes` (the rest is never read). */
async function readBounded(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mailboxArgument(): string | null {
  try {
    const { values, positionals } = parseArgs({
      args: Bun.argv.slice(2),
      options: { mailbox: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    return positionals.length === 0 && values.mailbox?.trim() ? values.mailbox.trim() : null;
  } catch {
    return null;
  }
}

/** Takes the message in and processes it; the exit code for the mail server. */
async function receive(config: Config, mailboxName: string, raw: Buffer): Promise<number> {
  // Loaded after the config check, so a missing DATABASE_URL is one clear line.
  const { sql } = await import('../db.ts');
  const { setRateLimitScale } = await import('../limits/rate-limits.ts');
  const { insertInboundMessage } = await import('./inbound-queries.ts');
  const { selectMailboxIdByAddressOrName } = await import('./intake-queries.ts');
  const { processInboundMessage } = await import('./intake-service.ts');
  setRateLimitScale(config.rateLimitScale);
  try {
    const mailboxId = await selectMailboxIdByAddressOrName(sql, mailboxName);
    if (mailboxId === null) {
      console.error(`mail:receive: no mailbox '${mailboxName}'`);
      return RECEIVE_EXIT.noMailbox;
    }
    const id = await insertInboundMessage(sql, { mailboxId, uidValidity: null, uid: null }, raw);
    if (id === null) return RECEIVE_EXIT.ok;
    // Taken in: from here on a failure is the worker's to retry, never a reason to have it sent again.
    await processInboundMessage(id, {
      links: { appBaseUrl: config.appBaseUrl },
      attachmentsDir: config.attachmentsDir,
      log: consoleLogger,
    }).catch((error: unknown) =>
      consoleLogger.error('mail:receive: processing is left to the worker', error),
    );
    return RECEIVE_EXIT.ok;
  } catch (error) {
    consoleLogger.error(
      'mail:receive: the message could not be taken in; the mail server should try again',
      error,
    );
    return RECEIVE_EXIT.tryLater;
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
  }
}

async function main(): Promise<number> {
  const mailboxName = mailboxArgument();
  if (mailboxName === null) {
    console.error(USAGE);
    return RECEIVE_EXIT.usage;
  }
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`mail:receive: configuration error: ${error.message}`);
    return RECEIVE_EXIT.tryLater;
  }
  const raw = await readBounded(Bun.stdin.stream(), DEFAULT_PARSE_LIMITS.maxMessageBytes);
  if (raw === null) {
    console.error(
      `mail:receive: the message is larger than ${DEFAULT_PARSE_LIMITS.maxMessageBytes / 1024 / 1024} MB`,
    );
    return RECEIVE_EXIT.tooLarge;
  }
  return receive(config, mailboxName, raw);
}

if (import.meta.main) process.exit(await main());
