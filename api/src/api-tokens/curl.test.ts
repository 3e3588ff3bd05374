import { describe, expect, test } from 'bun:test';
import { createTicketWithCurl, issueApiToken } from '../../test/api-tokens.ts';
import { signedIn } from '../../test/helpers.ts';

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
