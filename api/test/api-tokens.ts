/** What tests of API tokens share: making a token through the real route, and a client that sends it. */
import type { TApiTokenScope, TCreatedApiTokenResponse } from '@helpdesk/contracts';
import { API_TOKEN_PATHS } from '@helpdesk/contracts';
import { TestClient, type TestResponse } from './helpers.ts';

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
