import type { TSettings } from '@helpdesk/contracts';
import { type APIRequestContext, type APIResponse, expect, request } from '@playwright/test';
import { E2E } from '../harness/e2e-config.ts';

/**
 * A signed-in API client of its own (its own cookie jar and session), for setting up hostile data
 * and for checking afterwards, from the server's side, what an attack changed. It sends no Origin
 * or Sec-Fetch-Site header, like any non-browser client.
 */
export async function apiAs(account: { username: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E.baseUrl });
  const response = await api.post('/api/auth/login', { data: account });
  expect(response.status(), `sign-in of ${account.username}`).toBe(200);
  return api;
}

/** The JSON body of an answer that must have this status (the body is in the failure message). */
export async function expectJson<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()} answered ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text) as T;
}

/**
 * A multipart/form-data body built byte by byte, so a part's file name can hold what a browser's
 * FormData would escape (quotes, CR/LF, NUL): the raw bytes a hostile client can send.
 */
export function rawMultipart(
  fileName: string,
  content: Buffer,
  contentType = 'application/octet-stream',
): { body: Buffer; contentType: string } {
  const boundary = `----attack${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    body: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A message the stack's mail catcher caught, with its HTML part (the part a mail client renders). */
export type CaughtHtmlMail = { envelope: { to: string[] }; subject: string; html: string | null };

/** Every message sent to this address so far, as the mail catcher lists them. */
export async function readMailTo(address: string): Promise<CaughtHtmlMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.ports.mailCatcherHttp}/messages.json`);
  const messages = (await response.json()) as CaughtHtmlMail[];
  return messages.filter((message) =>
    message.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()),
  );
}

/**
 * Runs `work` with auto assignment switched off, then puts the setting back. The attack suites
 * file tickets of their own; auto-assigned, each would move an agent's turn in the round robin
 * that later flows (ticket-lifecycle) rely on, even after the ticket is closed again.
 */
export async function withoutAutoAssignment<T>(admin: APIRequestContext, work: () => Promise<T>): Promise<T> {
  const settings = await expectJson<TSettings>(await admin.get('/api/admin/settings'), 200);
  if (!settings.autoAssignment) return work();
  const { smtpPasswordSet: _set, updatedAt: _at, ...fields } = settings;
  await expectJson(
    await admin.put('/api/admin/settings', { data: { ...fields, autoAssignment: false } }),
    200,
  );
  try {
    return await work();
  } finally {
    await expectJson(
      await admin.put('/api/admin/settings', { data: { ...fields, autoAssignment: true } }),
      200,
    );
  }
}
