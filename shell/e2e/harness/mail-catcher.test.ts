import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { closeTransport, transportFor } from '../../../api/src/email/transport.ts';
import { startMailCatcher } from './mail-catcher.ts';

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let base = '';

async function send(subject: string, text: string, html: string) {
  const transport = await transportFor({
    source: 'environment',
    host: '127.0.0.1',
    port: catcher.smtpPort,
    isSecure: false,
    username: null,
    password: null,
  });
  await transport.sendMail({ from: 'desk@acme.test', to: 'reader@acme.test', subject, text, html });
}

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: freePort(), httpPort: freePort() });
  base = `http://127.0.0.1:${catcher.httpPort}`;
});

afterAll(async () => {
  closeTransport();
  await catcher.stop();
});

describe('the mail catcher', () => {
  test('an empty catcher says so', async () => {
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain('No mail yet');
    expect(await (await fetch(`${base}/messages.json`)).json()).toEqual([]);
  });

  test('lists what arrives newest first, as escaped text and as JSON', async () => {
    await send('First <b>hello</b>', 'first body', '<p>first</p>');
    await send('Second', 'second body <script>alert(1)</script>', '<p>second</p><script>alert(1)</script>');
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First'));
    expect(page).toContain('First &lt;b&gt;hello&lt;/b&gt;');
    expect(page).toContain('second body &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');

    const messages = (await (await fetch(`${base}/messages.json`)).json()) as {
      seq: number;
      subject: string;
      envelope: { to: string[] };
      text: string;
      raw?: string;
    }[];
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First <b>hello</b>']);
    expect(messages[0]?.envelope.to).toEqual(['reader@acme.test']);
    expect(messages[0]?.raw).toBeUndefined();

    const html = await fetch(`${base}/messages/${messages[0]?.seq}/html`);
    expect(html.headers.get('content-security-policy')).toStartWith('sandbox;');
    expect(await html.text()).toContain('<p>second</p>');

    const source = await fetch(`${base}/messages/${messages[0]?.seq}.eml`);
    expect(source.headers.get('content-type')).toBe('message/rfc822');
    const raw = await source.text();
    expect(raw).toContain('Subject: Second');
    expect(raw).toMatch(/^Message-ID: <.+>$/im);
  });

  test('unknown paths are 404 and anything but GET is 405', async () => {
    expect((await fetch(`${base}/messages/999/html`)).status).toBe(404);
    expect((await fetch(`${base}/messages/999.eml`)).status).toBe(404);
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    expect((await fetch(`${base}/messages.json`, { method: 'DELETE' })).status).toBe(405);
  });
});
