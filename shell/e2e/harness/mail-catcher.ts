/**
 * The development mail catcher: an SMTP server on 127.0.0.1 that keeps what the API sends instead of
 * delivering it, and a page that lists it newest first. `bun dev` and the e2e stack start it and
 * point the API at it (SMTP_HOST/SMTP_PORT), so mail works with no settings and reaches nobody.
 *
 *   http://localhost:3025/               the messages, newest first (plain text; each HTML part a click away)
 *   http://localhost:3025/messages.json  the same as JSON (the e2e tests read reset links from it)
 *   http://localhost:3025/messages/N.eml the message as sent (a mail client's "save as", to answer it in a test)
 *
 * Ports: MAIL_CATCHER_SMTP_PORT (2525) and MAIL_CATCHER_PORT (3025). Messages live in memory only.
 */
import { type CaughtMessage, startSmtpCatcher } from '../../../api/scripts/smtp-catcher.ts';
import { PORTS } from '../../../tooling/src/ports.ts';

const HOST = '127.0.0.1';

/** What the JSON lists: the message without its raw source. */
const summaryOf = ({ raw: _raw, ...message }: CaughtMessage) => message;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
};

function renderMessage(message: CaughtMessage): string {
  const rows: [string, string][] = [
    ['From', message.from],
    ['To', message.envelope.to.join(', ')],
    ['Received', message.receivedAt],
    ['Message-ID', message.messageId ?? ''],
  ];
  return `<article>
  <h2>${Bun.escapeHTML(message.subject || '(no subject)')}</h2>
  <dl>${rows.map(([label, value]) => `<dt>${label}</dt><dd>${Bun.escapeHTML(value)}</dd>`).join('')}</dl>
  <pre>${Bun.escapeHTML(message.text)}</pre>
  ${message.html === null ? '' : `<p><a href="/messages/${message.seq}/html" target="_blank" rel="noopener">Open the HTML version</a></p>`}
</article>`;
}

function renderPage(messages: CaughtMessage[], smtpPort: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail catcher (${messages.length})</title>
<meta name="viewport" content="width=device-width">
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #1f2937; }
  header { padding: 16px 24px; background: #111827; color: #f9fafb; }
  header p { margin: 4px 0 0; color: #d1d5db; font-size: 13px; }
  header a { color: #93c5fd; }
  main { max-width: 860px; margin: 0 auto; padding: 16px; }
  article { background: #fff; border-radius: 8px; padding: 16px 20px; margin: 0 0 16px; box-shadow: 0 1px 2px #0001; }
  h1 { margin: 0; font-size: 20px; }
  h2 { margin: 0 0 8px; font-size: 17px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 13px; }
  dt { color: #6b7280; } dd { margin: 0; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 6px; padding: 12px; margin: 0; font: 14px/1.5 ui-monospace, monospace; }
  .empty { text-align: center; color: #6b7280; padding: 48px 0; }
</style></head>
<body>
<header><h1>Mail catcher</h1>
<p>SMTP on ${HOST}:${smtpPort} · ${messages.length} message${messages.length === 1 ? '' : 's'}, newest first · nothing here is delivered · <a href="/">Refresh</a> · <a href="/messages.json">JSON</a></p></header>
<main>${messages.length === 0 ? '<p class="empty">No mail yet. Anything the help desk sends shows up here.</p>' : messages.map(renderMessage).join('\n')}</main>
</body></html>`;
}

/** Starts the SMTP side and the page (a line per caught message to `log`); resolves with a stop function. */
export async function startMailCatcher(options: {
  smtpPort: number;
  httpPort: number;
  log?: (line: string) => void;
}) {
  const catcher = await startSmtpCatcher({
    port: options.smtpPort,
    host: HOST,
    onMessage: (message) =>
      options.log?.(`caught #${message.seq} to ${message.envelope.to.join(', ')}: ${message.subject}`),
  });
  const http = Bun.serve({
    hostname: HOST,
    port: options.httpPort,
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (request.method !== 'GET') return new Response('Method not allowed', { status: 405 });
      if (pathname === '/')
        return new Response(renderPage(catcher.messages(), catcher.port), { headers: PAGE_HEADERS });
      if (pathname === '/messages.json') return Response.json(catcher.messages().map(summaryOf));
      const source = /^\/messages\/(\d+)\.eml$/.exec(pathname);
      const original = source ? catcher.messages().find((m) => m.seq === Number(source[1])) : undefined;
      if (original) {
        return new Response(original.raw, {
          headers: {
            'content-type': 'message/rfc822',
            'content-disposition': `attachment; filename="message-${original.seq}.eml"`,
            'x-content-type-options': 'nosniff',
          },
        });
      }
      const match = /^\/messages\/(\d+)\/html$/.exec(pathname);
      const message = match ? catcher.messages().find((m) => m.seq === Number(match[1])) : undefined;
      if (message?.html) {
        // The caught HTML is shown as sent, in a sandbox: no scripts, no requests, no navigation.
        return new Response(message.html, {
          headers: {
            ...PAGE_HEADERS,
            'content-security-policy':
              "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
          },
        });
      }
      return new Response('Not found', { status: 404 });
    },
  });
  return {
    smtpPort: catcher.port,
    httpPort: http.port,
    stop: async () => {
      await http.stop(true);
      await catcher.close();
    },
  };
}

if (import.meta.main) {
  const catcher = await startMailCatcher({
    smtpPort: PORTS.mailCatcherSmtp,
    httpPort: PORTS.mailCatcherHttp,
    log: console.log,
  });
  console.log(
    `catching mail on smtp://${HOST}:${catcher.smtpPort}; read it at http://localhost:${catcher.httpPort}/`,
  );
  const stop = async () => {
    await catcher.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
