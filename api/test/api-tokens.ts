/** What tests of API tokens share: making a token through the real route, and a client that sends it. */
import type { TApiTokenScope, TCreatedApiTokenResponse, TTicketDetail } from '@helpdesk/contracts';
import { API_PATHS, API_TOKEN_PATHS, ZTicketDetail } from '@helpdesk/contracts';
import { BASE_URL, TestClient, type TestResponse } from './helpers.ts';

type RequestOptions = Parameters<TestClient['request']>[2];

/** A client without a cookie that sends `Authorization: Bearer <secret>` on every request. */
export class BearerClient extends TestClient {
  constructor(readonly secret: string) {
    super();
  }

  override request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    return super.request(method, path, {
      ...options,
      headers: { authorization: `Bearer ${this.secret}`, ...options?.headers },
    });
  }
}

/** Makes a token as the signed-in `owner` (through POST /api/api-tokens) and a client that uses it. */
export async function issueApiToken(
  owner: TestClient,
  scopes: readonly TApiTokenScope[],
  options: { name?: string; expiresInDays?: number } = {},
): Promise<{ id: string; secret: string; client: BearerClient }> {
  const response = await owner.post(API_TOKEN_PATHS.own, {
    name: options.name ?? 'Test script',
    expiresInDays: options.expiresInDays ?? 30,
    scopes,
  });
  if (response.status !== 201) throw new Error(`token not made: ${response.status} ${response.text}`);
  const { token, secret } = response.body as TCreatedApiTokenResponse;
  return { id: token.id, secret, client: new BearerClient(secret) };
}

/**
 * Files a ticket the way a script outside the desk would: the real `curl` binary, a Bearer token,
 * no cookie and no Origin. Answers curl's status and the ticket it made.
 */
export async function createTicketWithCurl(
  secret: string,
  ticket: { title: string; description: string },
): Promise<{ status: number; ticket: TTicketDetail | null; body: string }> {
  const curl = Bun.spawn(
    [
      'curl',
      '--silent',
      '--show-error',
      '--max-time',
      '20',
      '--request',
      'POST',
      '--header',
      `Authorization: Bearer ${secret}`,
      '--header',
      'Content-Type: application/json',
      '--data',
      JSON.stringify(ticket),
      '--write-out',
      '\n%{http_code}',
      `${BASE_URL}${API_PATHS.tickets}`,
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  );
  const [output, exitCode] = await Promise.all([new Response(curl.stdout).text(), curl.exited]);
  if (exitCode !== 0) throw new Error(`curl failed (${exitCode}): ${await new Response(curl.stderr).text()}`);
  const split = output.lastIndexOf('\n');
  const body = output.slice(0, split);
  const status = Number(output.slice(split + 1));
  return { status, body, ticket: status === 201 ? ZTicketDetail.parse(JSON.parse(body)) : null };
}
