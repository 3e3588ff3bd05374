/**
 * The anonymous forms that send mail, attacked as an attacker against `bun dev` did: a mail cannon
 * through registration, usernames enumerated through 409s, a flooded admin queue, reset mail without
 * limit that killed the previous link, weak and common passwords, invisible characters in titles.
 * Every limit is tested at its production numbers (RATE_LIMIT_SCALE 1).
 */
import { describe, expect, test } from 'bun:test';
import { ANONYMOUS_MAIL_MESSAGES, API_PATHS, ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  sql,
  TestClient,
  type TestResponse,
  uniqueName,
  withRateLimitScale,
} from '../helpers.ts';
import { runPasswordResetJobs } from '../password-reset-jobs.ts';

const PASSWORD = 'Register1!';

/**
 * An address on a domain of its own: the budgets of a domain outlive a test (and its scale), so
 * tests that are not about a domain never share one.
 */
const freshAddress = (local: string) => `${local}@${uniqueName('domain').replaceAll('_', '-')}.test`;

function register(
  client: TestClient,
  fields: { username?: string; email?: string; firstName?: string } = {},
) {
  const username = fields.username ?? uniqueName('reg');
  return client.post(API_PATHS.authRegister, {
    username,
    email: fields.email ?? freshAddress(username),
    password: PASSWORD,
    firstName: fields.firstName ?? 'Robin',
    lastName: 'Reg',
  });
}

async function registrationMailsTo(domain: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from email_outbox
    where kind = 'email_verification' and recipient like ${`%@${domain}`}`;
  return row?.count ?? 0;
}

function expectLimited(response: TestResponse, message: string | RegExp): void {
  expect(response.status).toBe(429);
  expect(errorOf(response).code).toBe(ERROR_CODES.tooManyRequests);
  expect(errorOf(response).message).toMatch(message);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

const TOO_MANY_REGISTRATIONS =
  /^Too many registrations in a short time\. Please try again in \d+ (second|minute|hour)s?\.$/;
const TOO_MANY_RESETS =
  /^Too many password reset requests in a short time\. Please try again in \d+ (second|minute|hour)s?\.$/;

describe('registration is no mail cannon', () => {
  test('40 registrations from one address: 10 pass, the rest are 429 and queue no mail', async () => {
    const domain = `${uniqueName('cannon')}.test`.replaceAll('_', '-');
    const client = new TestClient();
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (let i = 0; i < 40; i += 1) {
        all.push(await register(client, { email: `${uniqueName('victim')}@${domain}` }));
      }
      return all;
    });
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    for (const answer of answers.slice(10)) expectLimited(answer, TOO_MANY_REGISTRATIONS);
    expect(await registrationMailsTo(domain)).toBe(10);
  });

  test('one domain from many addresses: the 31st registration in an hour is refused', async () => {
    const domain = `${uniqueName('target')}.test`.replaceAll('_', '-');
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (let i = 0; i < 31; i += 1) {
        all.push(await register(new TestClient(), { email: `${uniqueName('v')}@${domain}` }));
      }
      return all;
    });
    expect(answers.slice(0, 30).every((answer) => answer.status === 201)).toBe(true);
    expectLimited(answers[30] as TestResponse, TOO_MANY_REGISTRATIONS);
    expect(await registrationMailsTo(domain)).toBe(30);
  });

  test('one mailbox from many addresses: one registration mail, then 429 however many clients ask', async () => {
    const email = freshAddress(uniqueName('box'));
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (let i = 0; i < 4; i += 1) all.push(await register(new TestClient(), { email }));
      return all;
    });
    // An unconfirmed address is nobody's, so the next registrations are no 409s: the address's
    // confirmation mail (one per few minutes) and its daily registration budget refuse them.
    expect(answers.map((answer) => answer.status)).toEqual([201, 429, 429, 429]);
    for (const answer of answers.slice(1))
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from email_outbox where recipient = ${email}`;
    expect(row?.count).toBe(1);
  });

  test('the registration mail greets nobody with the text the registrant typed', async () => {
    const username = uniqueName('typed');
    const email = freshAddress(username);
    const typed = 'there. Your mailbox is full: verify at http://evil.example/login to keep it';
    expect((await register(new TestClient(), { username, email, firstName: typed })).status).toBe(201);
    const rows = await sql<{ subject: string; textBody: string; htmlBody: string }[]>`
      select subject, text_body as "textBody", html_body as "htmlBody" from email_outbox
      where kind = 'email_verification' and recipient = ${email}`;
    expect(rows).toHaveLength(1);
    const mail = JSON.stringify(rows[0]);
    for (const piece of ['evil.example', 'mailbox is full', username]) expect(mail).not.toContain(piece);
  });
});

describe('registration conflicts cannot enumerate accounts', () => {
  test('409s spend the address budget: after 10 answers, probing is 429', async () => {
    const known = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const client = new TestClient();
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (const [i, user] of [...known, ...known].entries()) {
        // Probing emails with fresh usernames, then usernames with fresh emails.
        all.push(
          await register(
            client,
            i < known.length
              ? { email: user.email }
              : { username: user.username, email: freshAddress(uniqueName('probe')) },
          ),
        );
      }
      return all;
    });
    // A person still learns to pick another name...
    expect(errorOf(answers[0] as TestResponse).message).toBe(SERVER_MESSAGES.emailExists);
    expect(errorOf(answers[6] as TestResponse).message).toBe(SERVER_MESSAGES.usernameExists);
    // ...but a script learns at most 10 names an hour from one address.
    expect(answers.slice(0, 10).every((answer) => answer.status === 409)).toBe(true);
    for (const answer of answers.slice(10)) expectLimited(answer, TOO_MANY_REGISTRATIONS);
  });

  test('a refused password spends nothing: validation comes before the limits', async () => {
    const client = new TestClient();
    await withRateLimitScale(1, async () => {
      for (let i = 0; i < 12; i += 1) {
        const weak = await client.post(API_PATHS.authRegister, {
          username: uniqueName('weak'),
          email: freshAddress(uniqueName('weak')),
          password: 'password123',
          firstName: 'Weak',
          lastName: 'Pass',
        });
        expect(weak.status).toBe(400);
      }
      expect((await register(client)).status).toBe(201);
    });
  });
});

describe('the pending queue cannot be flooded', () => {
  test('at the cap of pending accounts, registration is 429 with the desk-closed message', async () => {
    await createUser({ status: 'pending' });
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from users where status = 'pending'`;
    const pending = row?.count ?? 0;
    // The cap is 100 pending accounts at scale 1; this scale puts it exactly at today's count.
    const refused = await withRateLimitScale(pending / 100, () => register(new TestClient()));
    expect(refused.status).toBe(429);
    expect(errorOf(refused).message).toBe(ANONYMOUS_MAIL_MESSAGES.registrationsClosed);
    expect(refused.headers.get('retry-after')).toBe('3600');
    const [after] = await sql<
      { count: number }[]
    >`select count(*)::int as count from users where status = 'pending'`;
    expect(after?.count).toBe(pending);
    // One under the cap, registration works again.
    const accepted = await withRateLimitScale((pending + 1) / 100, () => register(new TestClient()));
    expect(accepted.status).toBe(201);
  });
});

const forgot = (client: TestClient, email: string) =>
  client.post(API_PATHS.authAdminForgotPassword, { email });

async function resetLinksFor(email: string): Promise<string[]> {
  await runPasswordResetJobs();
  const rows = await sql<{ textBody: string }[]>`
    select text_body as "textBody" from email_outbox
    where kind = 'password_reset' and lower(recipient) = lower(${email}) order by created_at, id`;
  return rows.flatMap((row) =>
    [...row.textBody.matchAll(/reset-password\?token=([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? ''),
  );
}

describe('admin forgot-password', () => {
  test('one address asking for many mailboxes: the 11th request in an hour is 429', async () => {
    const client = new TestClient();
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (let i = 0; i < 11; i += 1) all.push(await forgot(client, freshAddress(uniqueName('flood'))));
      return all;
    });
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expectLimited(answers[10] as TestResponse, TOO_MANY_RESETS);
  });

  test('one admin mailbox from many addresses: 3 requests an hour, then 429', async () => {
    const admin = await createUser({ role: 'admin' });
    const answers = await withRateLimitScale(1, async () => {
      const all: TestResponse[] = [];
      for (let i = 0; i < 5; i += 1) all.push(await forgot(new TestClient(), admin.email));
      return all;
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expectLimited(answers[3] as TestResponse, TOO_MANY_RESETS);
  });

  test('a newer request within minutes does not kill the link already sent', async () => {
    const admin = await createUser({ role: 'admin' });
    const links = await withRateLimitScale(1, async () => {
      expect((await forgot(new TestClient(), admin.email)).status).toBe(200);
      const first = await resetLinksFor(admin.email);
      expect((await forgot(new TestClient(), admin.email)).status).toBe(200);
      const second = await resetLinksFor(admin.email);
      return { first, second };
    });
    expect(links.first).toHaveLength(1);
    expect(links.second).toEqual(links.first);
    const reset = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token: links.first[0],
      password: 'Kept-Link-1',
      confirmPassword: 'Kept-Link-1',
    });
    expect(reset.status).toBe(200);
  });

  test('an existing and a missing admin: same answer, and the request only queues a job', async () => {
    const admin = await createUser({ role: 'admin' });
    const missing = freshAddress(uniqueName('missing'));
    const answers = [await forgot(new TestClient(), admin.email), await forgot(new TestClient(), missing)];
    const shape = (answer: TestResponse) => ({
      status: answer.status,
      body: answer.text,
      headers: [...answer.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name)),
      length: answer.headers.get('content-length'),
    });
    expect(shape(answers[0] as TestResponse)).toEqual(shape(answers[1] as TestResponse));
    expect(answers[0]?.body).toEqual({ message: SERVER_MESSAGES.resetRequested });
    // Before the worker runs, neither request has looked anything up: no token, no mail, one job each.
    const queued = await sql<{ email: string; status: string }[]>`
      select payload->>'email' as email, status from jobs
      where kind = 'admin_password_reset' and payload->>'email' in ${sql([admin.email, missing])}
      order by id`;
    expect([...queued]).toEqual([
      { email: admin.email, status: 'pending' },
      { email: missing, status: 'pending' },
    ]);
    expect(await sql`select 1 from password_reset_tokens where user_id = ${admin.id}`).toHaveLength(0);
    expect(
      await sql`select 1 from email_outbox where recipient in ${sql([admin.email, missing])}`,
    ).toHaveLength(0);
    // The worker then sends the admin, and only the admin, a link.
    expect(await resetLinksFor(admin.email)).toHaveLength(1);
    expect(await resetLinksFor(missing)).toHaveLength(0);
  });
});

describe('passwords are checked on the server', () => {
  const weak = ['aaaaaaaa', '12345678', 'password123', 'Password1', 'qwerty123', 'aaaaaaa1'];

  test('registration refuses one-kind, repetitive and common passwords', async () => {
    for (const password of weak) {
      const response = await new TestClient().post(API_PATHS.authRegister, {
        username: uniqueName('pw'),
        email: freshAddress(uniqueName('pw')),
        password,
        firstName: 'Pat',
        lastName: 'Word',
      });
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.passwordRequirements);
      expect(errorOf(response).fields?.password).toBeString();
    }
  });

  test('change password, admin-created users and resets refuse a common password', async () => {
    const { user, client } = await signedIn('end_user');
    const changed = await client.post(API_PATHS.authChangePassword, {
      currentPassword: user.password,
      newPassword: 'password123',
      confirmPassword: 'password123',
    });
    expect(changed.status).toBe(400);
    expect(errorOf(changed).fields?.newPassword).toBe(
      'This password is too common. Please choose another one.',
    );

    const { client: admin } = await signedIn('admin');
    const created = await admin.post(API_PATHS.adminUsers, {
      username: uniqueName('made'),
      email: freshAddress(uniqueName('made')),
      password: 'welcome123',
      firstName: 'Made',
      lastName: 'User',
      role: 'agent',
    });
    expect(created.status).toBe(400);
    expect(errorOf(created).message).toBe(SERVER_MESSAGES.passwordRequirements);

    const owner = await createUser({ role: 'admin' });
    expect((await forgot(new TestClient(), owner.email)).status).toBe(200);
    const [token] = await resetLinksFor(owner.email);
    const reset = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'letmein123',
      confirmPassword: 'letmein123',
    });
    expect(reset.status).toBe(400);
    expect(errorOf(reset).message).toBe(SERVER_MESSAGES.passwordRequirements);
  });
});

describe('invisible characters in titles and names', () => {
  test('a right-to-left override in a ticket title is refused with a field message', async () => {
    const { client } = await signedIn('end_user');
    const response = await client.post(API_PATHS.tickets, {
      title: 'Invoice \u202Egpj.exe',
      description: 'Line one\nLine two',
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).fields?.title).toBe('Subject must not contain invisible or control characters');
    const plain = await client.post(API_PATHS.tickets, {
      title: 'Invoice',
      description: 'Line one\nLine two',
    });
    expect(plain.status).toBe(201);
  });

  test('zero-width and direction characters in names, team names and article titles are refused', async () => {
    const registered = await register(new TestClient(), { firstName: 'Ro\u200Bbin' });
    expect(registered.status).toBe(400);
    expect(errorOf(registered).fields?.firstName).toBe(
      'First name must not contain invisible or control characters',
    );

    const { client: admin } = await signedIn('admin');
    const team = await admin.post(API_PATHS.teams, { name: `Team \u2066${uniqueName()}\u2069` });
    expect(team.status).toBe(400);
    expect(errorOf(team).fields?.name).toBe('Team name must not contain invisible or control characters');

    const [category] = await sql<{ id: string }[]>`select id from kb_categories limit 1`;
    const article = await admin.post(API_PATHS.kbArticles, {
      title: 'How to \u200Freset',
      content: 'Steps',
      categoryId: category?.id,
    });
    expect(article.status).toBe(400);
    expect(errorOf(article).fields?.title).toBe('Title must not contain invisible or control characters');
  });
});
