/**
 * Mail goes in its recipient's language (docs/product.md#email): the account's own, else the desk's;
 * an address without an account hears the desk's. Checked on the rendered outbox rows, through the
 * writes that queue them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  adminUserStatusPath,
  DEFAULT_SETTINGS,
  type TSettingsLanguage,
  ticketCommentsPath,
  ticketPath,
} from '@helpdesk/contracts';
import { createUser, signedIn, sql, TestClient, uniqueName } from '../../test/helpers.ts';
import { runPasswordResetJobs } from '../../test/password-reset-jobs.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import { insertMailbox, mail, receive } from '../mail-in/intake-test-kit.ts';
import { insertDefaultSettingsIfMissing } from '../settings/queries.ts';
import { outboxFor, resetSettings } from './email-test-kit.ts';

async function setDeskLanguage(language: TSettingsLanguage): Promise<void> {
  await insertDefaultSettingsIfMissing(sql, DEFAULT_SETTINGS);
  await sql`update settings set language = ${language}, company_name = 'Acme', email_notifications = true`;
}

async function setOwnLanguage(userId: string, language: TSettingsLanguage | null): Promise<void> {
  await sql`update users set language = ${language} where id = ${userId}`;
}

async function subjectsTo(email: string): Promise<string[]> {
  return (await outboxFor(email)).map((row) => row.subject);
}

async function requestReset(email: string): Promise<void> {
  expect((await new TestClient().post(API_PATHS.authForgotPassword, { email })).status).toBe(200);
  await runPasswordResetJobs();
}

beforeAll(ensureSlaPolicies);

beforeEach(() => setDeskLanguage('fr'));

afterAll(resetSettings);

describe('account mail in the recipient language', () => {
  test("an account's own language wins over the desk's; no choice follows the desk's", async () => {
    const german = await createUser();
    const undecided = await createUser();
    await setOwnLanguage(german.id, 'de');
    await setOwnLanguage(undecided.id, null);
    await requestReset(german.email);
    await requestReset(undecided.email);
    expect(await subjectsTo(german.email)).toEqual(['[Acme] Setzen Sie Ihr Passwort zurück']);
    expect(await subjectsTo(undecided.email)).toEqual(['[Acme] Réinitialisez votre mot de passe']);
    const [germanRow] = await outboxFor(german.email);
    expect(germanRow?.textBody.startsWith('Hallo Test,')).toBe(true);
    expect(germanRow?.htmlBody).toContain('Passwort zurücksetzen</a>');
  });

  test('the desk in English and no choice: the mail is English as before', async () => {
    await setDeskLanguage('en');
    const user = await createUser();
    await requestReset(user.email);
    expect(await subjectsTo(user.email)).toEqual(['[Acme] Reset your password']);
  });

  test('an approval goes in the language the account chose', async () => {
    const pending = await createUser({ status: 'pending' });
    await setOwnLanguage(pending.id, 'es');
    const { client: admin } = await signedIn('admin');
    const approved = await admin.patch(adminUserStatusPath(pending.id), { status: 'active' });
    expect(approved.status).toBe(200);
    expect(await subjectsTo(pending.email)).toEqual(['[Acme] Tu cuenta ha sido aprobada']);
  });
});

describe('the answers to mail in', () => {
  test('a stranger hears the desk language, refused or given an account', async () => {
    const refused = `${uniqueName('stranger')}@outside.test`;
    await receive(
      await insertMailbox({ unknownSenders: 'refuse' }),
      mail([`From: ${refused}`, 'Subject: Hi']),
    );
    expect(await subjectsTo(refused)).toEqual(["[Acme] Votre e-mail n'a pas été accepté"]);
    const welcomed = `${uniqueName('stranger')}@outside.test`;
    const open = await insertMailbox({ unknownSenders: 'create_account' });
    await receive(open, mail([`From: ${welcomed}`, 'Subject: Hi']));
    expect(await subjectsTo(welcomed)).toEqual(['[Acme] Définissez votre mot de passe']);
  });

  test('an account awaiting approval hears in the language it chose', async () => {
    const pending = await createUser({ status: 'pending' });
    await setOwnLanguage(pending.id, 'de');
    await receive(
      await insertMailbox({ unknownSenders: 'refuse' }),
      mail([`From: ${pending.email}`, 'Subject: Hi']),
    );
    expect(await subjectsTo(pending.email)).toEqual(['[Acme] Ihre E-Mail wurde noch nicht erfasst']);
  });
});

describe('ticket mail in the requester language', () => {
  test('confirmation, reply and resolution: German for a German requester, the desk language otherwise', async () => {
    const { client: agent } = await signedIn('agent');
    for (const [own, expected] of [
      ['de', ['Wir haben Ihr Ticket', 'Neue Antwort zu', 'wurde gelöst']],
      [null, ['Nous avons bien reçu votre ticket', 'Nouvelle réponse sur', 'a été résolu']],
    ] as const) {
      const { user, client } = await signedIn('end_user');
      await setOwnLanguage(user.id, own);
      const ticket = await fileTicket(client, { title: 'Drucker', notifyRequester: true });
      expect(
        (await agent.post(ticketCommentsPath(ticket.id), { content: 'Bitte neu starten.' })).status,
      ).toBe(201);
      expect((await agent.patch(ticketPath(ticket.id), { status: 'resolved' })).status).toBe(200);
      const subjects = await subjectsTo(user.email);
      expect(subjects).toHaveLength(3);
      subjects.forEach((subject, index) => {
        expect(subject).toContain(expected[index] ?? 'missing');
      });
    }
  });

  test('the outbox keeps the words it was rendered with when the requester changes language later', async () => {
    const { user, client } = await signedIn('end_user');
    await setOwnLanguage(user.id, 'de');
    await fileTicket(client, { title: 'Bildschirm', notifyRequester: true });
    await setOwnLanguage(user.id, 'es');
    expect((await subjectsTo(user.email))[0]).toContain('Wir haben Ihr Ticket');
  });
});
