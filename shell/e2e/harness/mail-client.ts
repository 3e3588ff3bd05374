/**
 * A requester's mail client in the e2e stack: writes to the support mailbox (an APPEND into the stack's
 * Dovecot, as delivery by a mail server would) and answers mail the desk sent, read from the mail
 * catcher as its source. Composition is api/test/mail-client.ts.
 */
import {
  appendMail,
  composeMail,
  composeReply,
  type MailAttachment,
  newMessageId,
} from '../../../api/test/mail-client.ts';
import { E2E } from './e2e-config.ts';

export type { MailAttachment };

/** What the mail catcher lists for a message the desk sent (its JSON summary). */
export type CaughtSummary = {
  seq: number;
  from: string;
  subject: string;
  messageId: string | null;
  text: string;
  envelope: { to: string[] };
};

const SUPPORT = {
  host: '127.0.0.1',
  port: E2E.ports.imap,
  user: E2E.supportMailbox.user,
  password: E2E.supportMailbox.password,
};

/** Every message the catcher holds, newest first. */
export async function caughtMail(): Promise<CaughtSummary[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.ports.mailCatcherHttp}/messages.json`);
  return (await response.json()) as CaughtSummary[];
}

/** The source of a caught message, as a client that received it has it. */
async function caughtSource(seq: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${E2E.ports.mailCatcherHttp}/messages/${seq}.eml`);
  if (!response.ok) throw new Error(`the mail catcher has no message ${seq} (${response.status})`);
  return response.text();
}

/** The client of one person (`from`: 'Name <address>' or an address). */
export function mailClient(from: string) {
  return {
    /** Writes a new message to the support address; resolves with its Message-ID once it is in the mailbox. */
    async send(mail: {
      subject: string;
      text: string;
      attachments?: MailAttachment[];
      headers?: Record<string, string>;
    }): Promise<string> {
      const messageId = newMessageId(from);
      await appendMail(SUPPORT, [composeMail({ ...mail, from, to: E2E.supportMailbox.address, messageId })]);
      return messageId;
    },
    /** Answers a message the desk sent as a mail client would (quoted, In-Reply-To and References set). */
    async reply(to: CaughtSummary, text: string): Promise<void> {
      await appendMail(SUPPORT, [await composeReply(await caughtSource(to.seq), { from, text })]);
    },
  };
}
