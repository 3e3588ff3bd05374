import { describe, expect, test } from 'bun:test';
import {
  businessCalendarPath,
  ERROR_CODES,
  SLA_ADMIN_PATHS,
  SLA_LIMITS,
  SLA_MESSAGES,
  slaPolicyPath,
  type TWeeklyHours,
  WEEKDAYS,
  ZBusinessCalendar,
  ZBusinessCalendarList,
  ZSlaPolicy,
  ZSlaPolicyList,
} from '@helpdesk/contracts';
import {
  TestClient as Client,
  errorOf,
  signedIn,
  sql,
  type TestClient,
  uniqueName,
} from '../../test/helpers.ts';

const { businessCalendars, slaPolicies } = SLA_ADMIN_PATHS;

const officeWeek = (start = '09:00', end = '17:00'): TWeeklyHours => ({
  monday: [{ start, end }],
  tuesday: [{ start, end }],
  wednesday: [{ start, end }],
  thursday: [{ start, end }],
  friday: [{ start, end }],
  saturday: [],
  sunday: [],
});
const fullWeek = () =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]])) as TWeeklyHours;

const calendarBody = (changes: Record<string, unknown> = {}) => ({
  name: uniqueName('Office'),
  timeZone: 'Europe/Berlin',
  weeklyHours: officeWeek(),
  holidays: [{ date: '2026-12-25', name: 'Christmas', everyYear: true }],
  ...changes,
});

async function newTeam(isActive = true): Promise<{ id: string; name: string }> {
  const name = uniqueName('SLA team');
  const [team] = await sql<{ id: string }[]>`
    insert into teams (name, is_active) values (${name}, ${isActive}) returning id`;
  if (!team) throw new Error('team not inserted');
  return { id: team.id, name };
}

async function newCalendar(client: TestClient, changes: Record<string, unknown> = {}) {
  const response = await client.post(businessCalendars, calendarBody(changes));
  if (response.status !== 201) throw new Error(`calendar not created: ${response.status} ${response.text}`);
  return ZBusinessCalendar.parse(response.body);
}

/** A policy body of a fresh team, so no other policy of the run shares its match. */
async function policyBody(changes: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Policy'),
    priority: 'high',
    responseTimeHours: 2,
    resolutionTimeHours: 8,
    teamId: (await newTeam()).id,
    ...changes,
  };
}

async function newPolicy(client: TestClient, changes: Record<string, unknown> = {}) {
  const response = await client.post(slaPolicies, await policyBody(changes));
  if (response.status !== 201) throw new Error(`policy not created: ${response.status} ${response.text}`);
  return ZSlaPolicy.parse(response.body);
}

const remove = (client: TestClient, path: string) => client.request('DELETE', path);

/** Everything the admin API may write: both tables whole and the audit log's size. */
async function snapshot() {
  const [row] = await sql<{ calendars: unknown; policies: unknown; audits: number }[]>`
    select
      (select coalesce(json_agg(c order by c.id), '[]') from business_calendars c) as calendars,
      (select coalesce(json_agg(p order by p.id), '[]') from sla_policies p) as policies,
      (select count(*)::int from admin_audit_logs) as audits`;
  return row;
}

/** Each request is refused with `status` (and `message` when given), and nothing at all changed. */
async function expectRefusedUnchanged(
  attempts: Array<() => Promise<{ status: number; body: unknown; text: string; headers: Headers }>>,
  status: number,
  message?: string,
) {
  const before = await snapshot();
  for (const attempt of attempts) {
    const response = await attempt();
    expect({ status: response.status, text: response.text }).toMatchObject({ status });
    if (message !== undefined) expect(errorOf(response).message).toBe(message);
  }
  expect(await snapshot()).toEqual(before);
}

type AuditRow = { action: string; adminUserId: string; details: Record<string, unknown> };
const auditsAbout = async (key: 'calendarId' | 'policyId', id: string): Promise<AuditRow[]> => [
  ...(await sql<AuditRow[]>`
    select action, admin_user_id as "adminUserId", details from admin_audit_logs
    where details ->> ${key} = ${id} order by created_at, id`),
];

describe('business calendars', () => {
  test('POST creates a calendar (201, name trimmed, ranges and holidays in order) with one audit row', async () => {
    const { user: admin, client } = await signedIn('admin');
    const name = uniqueName('Office');
    const week = officeWeek();
    week.monday = [
      { start: '13:00', end: '17:00' },
      { start: '08:00', end: '12:00' },
    ];
    const response = await client.post(businessCalendars, {
      name: `  ${name} `,
      timeZone: 'Europe/Berlin',
      weeklyHours: week,
      holidays: [
        { date: '2026-12-26', everyYear: true },
        { date: '2026-12-25', name: 'Christmas', everyYear: true },
      ],
    });
    expect(response.status).toBe(201);
    const calendar = ZBusinessCalendar.parse(response.body);
    expect(calendar).toMatchObject({
      name,
      timeZone: 'Europe/Berlin',
      isAroundTheClock: false,
      policyCount: 0,
      holidays: [
        { date: '2026-12-25', name: 'Christmas', everyYear: true },
        { date: '2026-12-26', everyYear: true },
      ],
    });
    expect(calendar.weeklyHours.monday).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    expect(calendar.weeklyHours.saturday).toEqual([]);
    const audits = await auditsAbout('calendarId', calendar.id);
    expect(audits).toEqual([
      {
        action: 'business_calendar.created',
        adminUserId: admin.id,
        details: { calendarId: calendar.id, name, timeZone: 'Europe/Berlin' },
      },
    ]);
  });

  test('seven full days and no holidays run around the clock; holidays default to none', async () => {
    const { client } = await signedIn('admin');
    const calendar = await newCalendar(client, {
      weeklyHours: fullWeek(),
      holidays: undefined,
      timeZone: 'UTC',
    });
    expect(calendar).toMatchObject({ isAroundTheClock: true, holidays: [] });
  });

  test('GET lists calendars by name whatever its case, with the policies counting in each', async () => {
    const { client } = await signedIn('admin');
    const prefix = uniqueName('Sorted');
    const second = await newCalendar(client, { name: `${prefix} b` });
    const first = await newCalendar(client, { name: `${prefix} A` });
    await newPolicy(client, { calendarId: second.id });
    await newPolicy(client, { calendarId: second.id, isActive: false });
    const response = await client.get(businessCalendars);
    expect(response.status).toBe(200);
    const list = ZBusinessCalendarList.parse(response.body);
    const names = list.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.find((c) => c.id === second.id)?.policyCount).toBe(2);
    expect(list.find((c) => c.id === first.id)?.policyCount).toBe(0);
  });

  test('a name another calendar has, whatever its case, is 409 on POST and PATCH; nothing changes', async () => {
    const { client } = await signedIn('admin');
    const taken = await newCalendar(client);
    const other = await newCalendar(client);
    await expectRefusedUnchanged(
      [
        () => client.post(businessCalendars, calendarBody({ name: taken.name.toUpperCase() })),
        () => client.post(businessCalendars, calendarBody({ name: ` ${taken.name.toLowerCase()}  ` })),
        () => client.patch(businessCalendarPath(other.id), { name: taken.name.toUpperCase() }),
      ],
      409,
      SLA_MESSAGES.calendarNameExists,
    );
  });

  test('racing creates of one name: exactly one is created, the others are 409', async () => {
    const { client } = await signedIn('admin');
    const name = uniqueName('Race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post(businessCalendars, calendarBody({ name }))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from business_calendars where lower(name) = lower(${name})`;
    expect(row?.n).toBe(1);
  });

  test('bad bodies are 400 and change nothing', async () => {
    const { client } = await signedIn('admin');
    const week = (day: Record<string, unknown>[]) => ({ ...officeWeek(), monday: day });
    const bodies: unknown[] = [
      {},
      [],
      'calendar',
      null,
      calendarBody({ name: undefined }),
      calendarBody({ name: '   ' }),
      calendarBody({ name: 'x'.repeat(SLA_LIMITS.nameMax + 1) }),
      calendarBody({ name: 'Office\u202Ehours' }),
      calendarBody({ name: 'Office\u0000hours' }),
      calendarBody({ name: 42 }),
      calendarBody({ timeZone: 'Mars/Olympus_Mons' }),
      calendarBody({ timeZone: '' }),
      calendarBody({ timeZone: '../../etc/passwd' }),
      calendarBody({ timeZone: 'x'.repeat(10_000) }),
      calendarBody({ timeZone: undefined }),
      calendarBody({ weeklyHours: undefined }),
      calendarBody({ weeklyHours: { ...officeWeek(), sunday: undefined } }),
      calendarBody({ weeklyHours: { ...officeWeek(), funday: [] } }),
      calendarBody({ weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) }),
      calendarBody({
        weeklyHours: week([
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '14:00' },
        ]),
      }),
      calendarBody({ weeklyHours: week([{ start: '17:00', end: '09:00' }]) }),
      calendarBody({ weeklyHours: week([{ start: '09:00', end: '09:00' }]) }),
      calendarBody({ weeklyHours: week([{ start: '24:00', end: '24:00' }]) }),
      calendarBody({ weeklyHours: week([{ start: '09:00', end: '25:00' }]) }),
      calendarBody({ weeklyHours: week([{ start: '9:00', end: '17:00' }]) }),
      calendarBody({ weeklyHours: week([{ start: '09:00', end: '17:00', note: 'x' }]) }),
      calendarBody({
        weeklyHours: week(
          Array.from({ length: SLA_LIMITS.rangesPerDayMax + 1 }, (_, i) => ({
            start: `${String(i * 2).padStart(2, '0')}:00`,
            end: `${String(i * 2 + 1).padStart(2, '0')}:00`,
          })),
        ),
      }),
      calendarBody({ holidays: [{ date: '2026-02-30' }] }),
      calendarBody({ holidays: [{ date: '25.12.2026' }] }),
      calendarBody({ holidays: [{ date: '2026-12-25', name: 'x'.repeat(SLA_LIMITS.holidayNameMax + 1) }] }),
      calendarBody({ holidays: [{ date: '2026-12-25', name: 'Xmas\u200B' }] }),
      calendarBody({ holidays: [{ date: '2026-12-25', everyYear: 'yes' }] }),
      calendarBody({
        holidays: Array.from({ length: SLA_LIMITS.holidaysMax + 1 }, () => ({ date: '2026-12-25' })),
      }),
      calendarBody({ holidays: 'christmas' }),
      calendarBody({ id: crypto.randomUUID() }),
      calendarBody({ policyCount: 3 }),
    ];
    await expectRefusedUnchanged(
      bodies.map((body) => () => client.post(businessCalendars, body)),
      400,
    );
    const unknownZone = await client.post(businessCalendars, calendarBody({ timeZone: 'Mars/Olympus_Mons' }));
    expect(errorOf(unknownZone)).toMatchObject({
      code: ERROR_CODES.validation,
      fields: { timeZone: SLA_MESSAGES.unknownTimeZone },
    });
    const closed = await client.post(
      businessCalendars,
      calendarBody({ weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) }),
    );
    expect(errorOf(closed).fields?.weeklyHours).toBe(SLA_MESSAGES.noWorkingTime);
  });

  test('PATCH changes what it names, audits each change before and after; a no-op writes nothing', async () => {
    const { user: admin, client } = await signedIn('admin');
    const calendar = await newCalendar(client);
    const week = officeWeek('08:00', '16:00');
    const response = await client.patch(businessCalendarPath(calendar.id), {
      timeZone: 'America/New_York',
      weeklyHours: week,
    });
    expect(response.status).toBe(200);
    const changed = ZBusinessCalendar.parse(response.body);
    expect(changed).toMatchObject({
      id: calendar.id,
      name: calendar.name,
      timeZone: 'America/New_York',
      weeklyHours: week,
      holidays: calendar.holidays,
    });
    const audits = await auditsAbout('calendarId', calendar.id);
    expect(audits.map((a) => a.action)).toEqual(['business_calendar.created', 'business_calendar.updated']);
    expect(audits[1]).toMatchObject({
      adminUserId: admin.id,
      details: {
        calendarId: calendar.id,
        changes: {
          timeZone: { from: 'Europe/Berlin', to: 'America/New_York' },
          weeklyHours: { from: officeWeek(), to: week },
        },
      },
    });
    expect(Object.keys((audits[1]?.details.changes ?? {}) as object).sort()).toEqual([
      'timeZone',
      'weeklyHours',
    ]);
    const before = await snapshot();
    const same = await client.patch(businessCalendarPath(calendar.id), { timeZone: 'America/New_York' });
    expect(same.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  test('PATCH: an empty or bad body is 400, an unknown id 404, a bad id 400; nothing changes', async () => {
    const { client } = await signedIn('admin');
    const calendar = await newCalendar(client);
    await expectRefusedUnchanged(
      [
        () => client.patch(businessCalendarPath(calendar.id), {}),
        () => client.patch(businessCalendarPath(calendar.id), { timeZone: 'Nowhere/Land' }),
        () => client.patch(businessCalendarPath(calendar.id), { name: '' }),
        () => client.patch(businessCalendarPath(calendar.id), { holidays: null }),
        () => client.patch(businessCalendarPath(calendar.id), { isAroundTheClock: true }),
        () =>
          client.patch(businessCalendarPath(calendar.id), {
            weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
          }),
        () => client.patch(businessCalendarPath('not-a-uuid'), { name: 'x' }),
        () => client.patch(businessCalendarPath("1' or '1'='1"), { name: 'x' }),
      ],
      400,
    );
    await expectRefusedUnchanged(
      [
        () => client.patch(businessCalendarPath(crypto.randomUUID()), { name: uniqueName('Ghost') }),
        () => remove(client, businessCalendarPath(crypto.randomUUID())),
      ],
      404,
      SLA_MESSAGES.calendarNotFound,
    );
  });

  test('DELETE removes an unused calendar (204, audited); one any policy uses is 409', async () => {
    const { user: admin, client } = await signedIn('admin');
    const unused = await newCalendar(client);
    const used = await newCalendar(client);
    await newPolicy(client, { calendarId: used.id, isActive: false });
    await expectRefusedUnchanged(
      [() => remove(client, businessCalendarPath(used.id))],
      409,
      SLA_MESSAGES.calendarInUse,
    );
    const response = await remove(client, businessCalendarPath(unused.id));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await sql`select 1 from business_calendars where id = ${unused.id}`).toHaveLength(0);
    const audits = await auditsAbout('calendarId', unused.id);
    expect(audits.map((a) => a.action)).toEqual(['business_calendar.created', 'business_calendar.deleted']);
    expect(audits[1]).toMatchObject({ adminUserId: admin.id, details: { name: unused.name } });
    expect((await remove(client, businessCalendarPath(unused.id))).status).toBe(404);
  });
});

describe('SLA policies', () => {
  test('POST creates a policy (201): hours on the wire, minutes stored, team and calendar named; audited', async () => {
    const { user: admin, client } = await signedIn('admin');
    const team = await newTeam();
    const calendar = await newCalendar(client);
    const name = uniqueName('Network outages');
    const response = await client.post(slaPolicies, {
      name: ` ${name} `,
      priority: 'critical',
      responseTimeHours: 0.5,
      resolutionTimeHours: 4.25,
      teamId: team.id,
      category: 'hardware',
      calendarId: calendar.id,
    });
    expect(response.status).toBe(201);
    const policy = ZSlaPolicy.parse(response.body);
    expect(policy).toMatchObject({
      name,
      priority: 'critical',
      responseTimeHours: 0.5,
      resolutionTimeHours: 4.25,
      isActive: true,
      teamId: team.id,
      team,
      category: 'hardware',
      calendarId: calendar.id,
      calendar: { id: calendar.id, name: calendar.name },
    });
    const [row] = await sql<{ response: number; resolution: number }[]>`
      select response_minutes as response, resolution_minutes as resolution from sla_policies where id = ${policy.id}`;
    expect(row).toEqual({ response: 30, resolution: 255 });
    expect(await auditsAbout('policyId', policy.id)).toEqual([
      {
        action: 'sla_policy.created',
        adminUserId: admin.id,
        details: {
          policyId: policy.id,
          name,
          priority: 'critical',
          responseMinutes: 30,
          resolutionMinutes: 255,
          isActive: true,
          teamId: team.id,
          category: 'hardware',
          calendarId: calendar.id,
        },
      },
    ]);
    const listed = ZSlaPolicyList.parse((await client.get(slaPolicies)).body);
    expect(listed.find((p) => p.id === policy.id)).toEqual(policy);
    const names = listed.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test('a policy without team, category or calendar names none of them', async () => {
    const { client } = await signedIn('admin');
    const policy = await newPolicy(client, { teamId: undefined, isActive: false, priority: 'low' });
    expect(policy).toMatchObject({
      teamId: null,
      team: null,
      category: null,
      calendarId: null,
      calendar: null,
      isActive: false,
    });
  });

  test('a team that does not exist or a calendar that does not exist is 400; nothing is written', async () => {
    const { client } = await signedIn('admin');
    const policy = await newPolicy(client);
    await expectRefusedUnchanged(
      [
        async () => client.post(slaPolicies, await policyBody({ teamId: crypto.randomUUID() })),
        () => client.patch(slaPolicyPath(policy.id), { teamId: crypto.randomUUID() }),
      ],
      400,
      SLA_MESSAGES.teamNotFound,
    );
    await expectRefusedUnchanged(
      [
        async () => client.post(slaPolicies, await policyBody({ calendarId: crypto.randomUUID() })),
        () => client.patch(slaPolicyPath(policy.id), { calendarId: crypto.randomUUID() }),
      ],
      400,
      SLA_MESSAGES.calendarNotFound,
    );
  });

  test('an inactive team may have a policy (it applies once its tickets come)', async () => {
    const { client } = await signedIn('admin');
    const team = await newTeam(false);
    const policy = await newPolicy(client, { teamId: team.id });
    expect(policy.team).toEqual(team);
  });

  test('a second active policy for the same priority, team and category is 409 (POST, PATCH, re-activation)', async () => {
    const { client } = await signedIn('admin');
    const team = await newTeam();
    const active = await newPolicy(client, { teamId: team.id, category: 'access' });
    const inactive = await newPolicy(client, { teamId: team.id, category: 'access', isActive: false });
    const elsewhere = await newPolicy(client, { teamId: team.id, category: 'software' });
    await expectRefusedUnchanged(
      [
        async () => client.post(slaPolicies, await policyBody({ teamId: team.id, category: 'access' })),
        () => client.patch(slaPolicyPath(inactive.id), { isActive: true }),
        () => client.patch(slaPolicyPath(elsewhere.id), { category: 'access' }),
      ],
      409,
      SLA_MESSAGES.policyMatchExists,
    );
    const deactivated = await client.patch(slaPolicyPath(active.id), { isActive: false });
    expect(deactivated.status).toBe(200);
    const reactivated = await client.patch(slaPolicyPath(inactive.id), { isActive: true });
    expect(reactivated.status).toBe(200);
    expect(ZSlaPolicy.parse(reactivated.body).isActive).toBe(true);
    const otherPriority = await newPolicy(client, { teamId: team.id, category: 'access', priority: 'low' });
    expect(otherPriority.isActive).toBe(true);
  });

  test('PATCH: the merged result with resolution shorter than response is 400; nothing changes', async () => {
    const { client } = await signedIn('admin');
    const policy = await newPolicy(client, { responseTimeHours: 2, resolutionTimeHours: 8 });
    await expectRefusedUnchanged(
      [
        () => client.patch(slaPolicyPath(policy.id), { responseTimeHours: 9 }),
        () => client.patch(slaPolicyPath(policy.id), { resolutionTimeHours: 1.5 }),
        () => client.patch(slaPolicyPath(policy.id), { responseTimeHours: 3, resolutionTimeHours: 2.5 }),
      ],
      400,
      SLA_MESSAGES.resolutionBeforeResponse,
    );
    const before = await snapshot();
    const created = await client.post(
      slaPolicies,
      await policyBody({ responseTimeHours: 4, resolutionTimeHours: 3 }),
    );
    expect(created.status).toBe(400);
    expect(errorOf(created).fields?.resolutionTimeHours).toBe(SLA_MESSAGES.resolutionBeforeResponse);
    expect(await snapshot()).toEqual(before);
    const equal = await client.patch(slaPolicyPath(policy.id), { responseTimeHours: 8 });
    expect(equal.status).toBe(200);
    expect(ZSlaPolicy.parse(equal.body)).toMatchObject({ responseTimeHours: 8, resolutionTimeHours: 8 });
  });

  test('PATCH changes what it names and audits each change; a no-op writes nothing', async () => {
    const { user: admin, client } = await signedIn('admin');
    const calendar = await newCalendar(client);
    const policy = await newPolicy(client);
    const response = await client.patch(slaPolicyPath(policy.id), {
      resolutionTimeHours: 12,
      calendarId: calendar.id,
      teamId: null,
      category: 'other',
      priority: 'medium',
    });
    expect(response.status).toBe(200);
    const changed = ZSlaPolicy.parse(response.body);
    expect(changed).toMatchObject({
      name: policy.name,
      priority: 'medium',
      responseTimeHours: 2,
      resolutionTimeHours: 12,
      teamId: null,
      team: null,
      category: 'other',
      calendar: { id: calendar.id, name: calendar.name },
    });
    const audits = await auditsAbout('policyId', policy.id);
    expect(audits.map((a) => a.action)).toEqual(['sla_policy.created', 'sla_policy.updated']);
    expect(audits[1]).toMatchObject({
      adminUserId: admin.id,
      details: {
        changes: {
          priority: { from: 'high', to: 'medium' },
          resolutionMinutes: { from: 480, to: 720 },
          teamId: { from: policy.teamId, to: null },
          category: { from: null, to: 'other' },
          calendarId: { from: null, to: calendar.id },
        },
      },
    });
    const before = await snapshot();
    expect(
      (await client.patch(slaPolicyPath(policy.id), { priority: 'medium', name: policy.name })).status,
    ).toBe(200);
    expect(await snapshot()).toEqual(before);
    // A medium policy for any team's 'other' tickets would outrank the shared per-priority policies
    // that other test files file tickets under: it leaves the run inactive.
    expect((await client.patch(slaPolicyPath(policy.id), { isActive: false })).status).toBe(200);
  });

  test('bad bodies are 400 and change nothing', async () => {
    const { client } = await signedIn('admin');
    const policy = await newPolicy(client);
    const body = await policyBody();
    const posts: unknown[] = [
      {},
      [],
      null,
      'policy',
      { ...body, name: undefined },
      { ...body, name: '' },
      { ...body, name: 'y'.repeat(SLA_LIMITS.nameMax + 1) },
      { ...body, name: 'Gold\u2066 tier' },
      { ...body, name: 'Gold\ntier' },
      { ...body, priority: 'urgent' },
      { ...body, priority: undefined },
      { ...body, category: 'billing' },
      { ...body, responseTimeHours: 0 },
      { ...body, responseTimeHours: -1 },
      { ...body, resolutionTimeHours: 0 },
      { ...body, responseTimeHours: 0.001 },
      { ...body, responseTimeHours: '2' },
      { ...body, responseTimeHours: null },
      { ...body, responseTimeHours: undefined },
      { ...body, resolutionTimeHours: SLA_LIMITS.targetMinutesMax / 60 + 1 },
      { ...body, resolutionTimeHours: 1e308 },
      { ...body, teamId: 'team-1' },
      { ...body, calendarId: "'; drop table sla_policies; --" },
      { ...body, isActive: 'true' },
      { ...body, id: crypto.randomUUID() },
    ];
    const patches: unknown[] = [
      {},
      { responseTimeHours: 0 },
      { resolutionTimeHours: -4 },
      { priority: 'urgent' },
      { name: '   ' },
      { teamId: 'x' },
      { team: { id: crypto.randomUUID() } },
      [],
    ];
    await expectRefusedUnchanged(
      [
        ...posts.map((post) => () => client.post(slaPolicies, post)),
        ...patches.map((patch) => () => client.patch(slaPolicyPath(policy.id), patch)),
        () => client.patch(slaPolicyPath('nope'), { isActive: false }),
      ],
      400,
    );
    const zero = await client.post(slaPolicies, { ...body, responseTimeHours: 0 });
    expect(errorOf(zero).fields?.responseTimeHours).toBe('Response time must be more than zero');
  });

  test('an unknown policy is 404 and nothing changes', async () => {
    const { client } = await signedIn('admin');
    await expectRefusedUnchanged(
      [() => client.patch(slaPolicyPath(crypto.randomUUID()), { isActive: false })],
      404,
      SLA_MESSAGES.policyNotFound,
    );
  });
});

describe('who may call the admin API', () => {
  test('agents and end users are 403, the signed-out 401, on every route; nothing changes', async () => {
    const { client: admin } = await signedIn('admin');
    const calendar = await newCalendar(admin);
    const policy = await newPolicy(admin);
    const body = await policyBody();
    const callsOf = (client: TestClient) => [
      () => client.get(businessCalendars),
      () => client.post(businessCalendars, calendarBody()),
      () => client.patch(businessCalendarPath(calendar.id), { name: uniqueName('Taken over') }),
      () => remove(client, businessCalendarPath(calendar.id)),
      () => client.get(slaPolicies),
      () => client.post(slaPolicies, body),
      () => client.patch(slaPolicyPath(policy.id), { isActive: false }),
    ];
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      await expectRefusedUnchanged(callsOf(client), 403);
    }
    await expectRefusedUnchanged(callsOf(new Client()), 401);
  });
});
