/**
 * Ticket mail threads (docs/product.md#email-in): Reply-To a plus address of a support mailbox and
 * In-Reply-To / References the ticket's first message, delivered through a real SMTP server; with
 * no mailbox at all, ticket mail is sent as it always was.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { createScratchDatabase, createUser } from '../../test/helpers.ts';
import {
  configWithSmtp,
  deliverAll,
  fastTask,
  resetSettings,
  startCatcher,
  useSettings,
  workerContext,
} from '../email/email-test-kit.ts';
import { closeTransport, outboxMessageId } from '../email/transport.ts';
import { inboundRow, insertMailbox, mail, receive } from './intake-test-kit.ts';
import { threadHeadersFor } from './outgoing-threading.ts';

afterAll(async () => {
  closeTransport();
  await resetSettings();
});

describe('outgoing ticket mail', () => {
  test('a ticket that came in by mail is answered from its mailbox plus its number, in its thread', async () => {
    await useSettings({ companyEmail: 'help@desk.test' });
    const catcher = await startCatcher();
    try {
      const box = await insertMailbox();
      const user = await createUser();
      const firstId = `<${crypto.randomUUID()}@client.test>`;
      const { id } = await receive(
        box,
        mail([`From: ${user.email}`, 'Subject: Thread me', `Message-ID: ${firstId}`]),
      );
      const row = await inboundRow(id);
      await deliverAll(fastTask(), workerContext(configWithSmtp(catcher.port)));
      const confirmation = await catcher.waitFor((message) => message.envelope.to.includes(user.email));
      const [number] = /TKT-\d+/.exec(confirmation.subject) ?? [];
      expect(number).toBeDefined();
      expect(row.ticketId).not.toBeNull();
      const plus = box.address.replace('@', `+${number}@`);
      expect(confirmation.raw).toMatch(new RegExp(`^Reply-To: ${plus.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
      expect(confirmation.raw).toMatch(new RegExp(`^In-Reply-To: ${firstId}\\r?$`, 'm'));
      expect(confirmation.raw).toMatch(new RegExp(`^References: ${firstId}\\r?$`, 'm'));
    } finally {
      await catcher.close();
    }
  });

  test('without any mailbox: no Reply-To; later mail names the first message the desk sent', async () => {
    const scratch = await createScratchDatabase();
    try {
      const [user] = await scratch.sql<{ id: string }[]>`
        insert into users (username, email, password_hash, first_name, last_name, email_verified_at)
        values ('threaded', 'threaded@example.test', 'x', 'T', 'U', now()) returning id`;
      const [ticket] = await scratch.sql<{ id: string }[]>`
        insert into tickets (title, description, requester_id) values ('T', 'D', ${user?.id ?? ''}) returning id`;
      const ticketId = ticket?.id ?? '';
      const outbox = async (key: string) => {
        const [row] = await scratch.sql<{ id: string }[]>`
          insert into email_outbox (dedupe_key, kind, recipient, subject, text_body, html_body, ticket_id)
          values (${key}, 'ticket_reply', 'threaded@example.test', 'S', 'T', 'H', ${ticketId}) returning id`;
        return row?.id ?? '';
      };
      const first = await outbox('first');
      const second = await outbox('second');
      expect(await threadHeadersFor(scratch.sql, { id: first, ticketId }, 'desk.test')).toEqual({});
      const firstMessageId = outboxMessageId(first, 'desk.test');
      expect(await threadHeadersFor(scratch.sql, { id: second, ticketId }, 'desk.test')).toEqual({
        inReplyTo: firstMessageId,
        references: firstMessageId,
      });
    } finally {
      await scratch.drop();
    }
  });
});
