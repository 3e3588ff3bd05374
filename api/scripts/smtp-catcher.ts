/**
 * A real SMTP server that keeps what it receives in memory instead of delivering it: the
 * development mail catcher (shell/e2e/harness/mail-catcher.ts) and the email tests both run it on loopback.
 * It speaks plain SMTP (no STARTTLS) and accepts any login, so the API's own sending code runs
 * unchanged against it.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export type CaughtMessage = {
  /** 1, 2, 3, ... in the order received. */
  seq: number;
  receivedAt: string;
  /** What the SMTP dialogue said (MAIL FROM / RCPT TO), which is where mail really goes. */
  envelope: { from: string | null; to: string[] };
  /** The login the client used, if any. */
  authUser: string | null;
  from: string;
  to: string;
  subject: string;
  messageId: string | null;
  text: string;
  html: string | null;
  /** Every header name of the message, lower case, once each. */
  headerNames: string[];
  /** The message as it arrived (headers and encoded body). */
  raw: string;
};

export type SmtpCatcher = {
  port: number;
  /** Newest first. */
  messages: () => CaughtMessage[];
  clear: () => void;
  /** The first message (oldest first) that matches, waiting up to timeoutMs for it to arrive. */
  waitFor: (match: (message: CaughtMessage) => boolean, timeoutMs?: number) => Promise<CaughtMessage>;
  close: () => Promise<void>;
};

export type SmtpCatcherOptions = {
  port: number;
  host?: string;
  /** Only the newest ones are kept. */
  maxMessages?: number;
  /** Answer 550 to these recipients (tests of permanent failures). */
  rejectRecipient?: (address: string) => boolean;
  /** Called with each message once it is stored. */
  onMessage?: (message: CaughtMessage) => void;
};

const addressOf = (address: SMTPServerAddress | false) => (address ? address.address : null);

/** Starts the catcher on host:port (port 0 picks a free one) and resolves once it listens. */
export async function startSmtpCatcher(options: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const maxMessages = options.maxMessages ?? 500;
  let received: CaughtMessage[] = [];
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    banner: 'helpdesk mail catcher',
    // Senders keep pooled connections open; closing should not wait the default 30 s for them.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error: Error & { responseCode?: number } = new Error('No such mailbox here');
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            seq += 1;
            const to = Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(', ')
              : (parsed.to?.text ?? '');
            const message: CaughtMessage = {
              seq,
              receivedAt: new Date().toISOString(),
              envelope: {
                from: addressOf(session.envelope.mailFrom),
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              authUser: typeof session.user === 'string' ? session.user : null,
              from: parsed.from?.text ?? '',
              to,
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? null,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              headerNames: [...new Set([...parsed.headers.keys()].map((key) => key.toLowerCase()))],
              raw: raw.toString('utf8'),
            };
            received.push(message);
            options.onMessage?.(message);
            if (received.length > maxMessages) received = received.slice(-maxMessages);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves must not stop the catcher.
  server.on('error', () => {});
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;

  return {
    port,
    messages: () => [...received].reverse(),
    clear: () => {
      received = [];
    },
    waitFor: async (match, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message arrived within ${timeoutMs} ms`);
        await Bun.sleep(20);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
