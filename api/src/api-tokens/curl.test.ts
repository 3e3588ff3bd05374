import { describe, expect, test } from 'bun:test';
import { API_PATHS, type TTicketDetail, ZTicketDetail } from '@helpdesk/contracts';
import { issueApiToken } from '../../test/api-tokens.ts';
import { BASE_URL, signedIn } from '../../test/helpers.ts';

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

describe('a script with curl', () => {
  test('creates a ticket with a token as its owner; a token without tickets:write is refused', async () => {
    const { user, client } = await signedIn('end_user');
    const writer = await issueApiToken(client, ['tickets:write']);
    const made = await createTicketWithCurl(writer.secret, {
      title: 'Printer on floor 3 jams',
      description: 'Filed from a script.',
    });
    expect(made.status).toBe(201);
    expect(made.ticket?.title).toBe('Printer on floor 3 jams');
    expect(made.ticket?.requester.id).toBe(user.id);

    const reader = await issueApiToken(client, ['tickets:read']);
    const refused = await createTicketWithCurl(reader.secret, { title: 'Nope', description: 'Nope' });
    expect(refused.status).toBe(403);
    expect(refused.ticket).toBeNull();
  });
});
