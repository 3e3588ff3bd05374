/** What ticket, attachment and dashboard tests share: SLA policies, filing tickets, and rows with chosen times. */
import {
  API_PATHS,
  type TCreateTicketRequest,
  type TTicketDetail,
  type TTicketPriority,
  type TTicketStatus,
  ZTicketDetail,
} from '@helpdesk/contracts';
import { selectNotifications } from '../src/notifications/queries.ts';
import { sql, type TestClient } from './helpers.ts';

/** Response and resolution hours of the test policies (the seed's values). */
export const TEST_SLA_HOURS: Readonly<Record<TTicketPriority, readonly [number, number]>> = {
  critical: [1, 4],
  high: [4, 24],
  medium: [8, 48],
  low: [24, 120],
};

/** One active SLA policy per priority; idempotent, so every test file may call it. */
export async function ensureSlaPolicies(): Promise<void> {
  for (const [priority, [response, resolution]] of Object.entries(TEST_SLA_HOURS)) {
    await sql`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes)
      values (${`${priority} priority`}, ${priority}, ${response * 60}, ${resolution * 60})
      on conflict (priority, team_id, category) where is_active do nothing`;
  }
}

let ticketCounter = 0;

/** Files a ticket through the API and returns it (fails the test on anything but 201). */
export async function fileTicket(
  client: TestClient,
  overrides: Partial<TCreateTicketRequest> = {},
  headers: Record<string, string> = {},
): Promise<TTicketDetail> {
  ticketCounter += 1;
  const response = await client.post(
    API_PATHS.tickets,
    { title: `Test ticket ${ticketCounter}`, description: 'Something is broken.', ...overrides },
    { headers },
  );
  if (response.status !== 201) throw new Error(`filing a ticket failed: ${response.status} ${response.text}`);
  return ZTicketDetail.parse(response.body);
}

const HOUR = 3_600_000;

/**
 * A ticket inserted straight into the database with chosen times (hours before now), for the
 * dashboard and list rules that depend on when things happened. Deadlines follow TEST_SLA_HOURS
 * unless given.
 */
export async function insertTicketRow(options: {
  requesterId: string;
  status?: TTicketStatus;
  priority?: TTicketPriority;
  assigneeId?: string | null;
  teamId?: string | null;
  createdHoursAgo: number;
  respondedHoursAgo?: number | null;
  resolvedHoursAgo?: number | null;
  closedHoursAgo?: number | null;
  createdAt?: Date;
  hasSla?: boolean;
}): Promise<{ id: string; ticketNumber: string }> {
  const now = Date.now();
  const at = (hoursAgo: number | null | undefined) =>
    hoursAgo === null || hoursAgo === undefined ? null : new Date(now - hoursAgo * HOUR);
  const priority = options.priority ?? 'medium';
  const createdAt = options.createdAt ?? new Date(now - options.createdHoursAgo * HOUR);
  const [response, resolution] = TEST_SLA_HOURS[priority];
  const hasSla = options.hasSla ?? true;
  const [row] = await sql<{ id: string; ticketNumber: string }[]>`
    insert into tickets (
      title, description, priority, status, requester_id, assignee_id, team_id, sla_response_by,
      sla_resolve_by, responded_at, resolved_at, closed_at, created_at
    ) values (
      'Inserted ticket', 'Inserted for a test.', ${priority}, ${options.status ?? 'new'}, ${options.requesterId},
      ${options.assigneeId ?? null}, ${options.teamId ?? null},
      ${hasSla ? new Date(createdAt.getTime() + response * HOUR) : null},
      ${hasSla ? new Date(createdAt.getTime() + resolution * HOUR) : null},
      ${at(options.respondedHoursAgo)}, ${at(options.resolvedHoursAgo)}, ${at(options.closedHoursAgo)}, ${createdAt}
    )
    returning id, ticket_number as "ticketNumber"`;
  if (!row) throw new Error('ticket not inserted');
  return row;
}

/** A team with the given members. */
export async function createTeam(
  name: string,
  memberIds: readonly string[],
  isActive = true,
): Promise<string> {
  const [team] = await sql<{ id: string }[]>`
    insert into teams (name, is_active) values (${name}, ${isActive}) returning id`;
  if (!team) throw new Error('team not inserted');
  for (const userId of memberIds) {
    await sql`insert into team_members (team_id, user_id) values (${team.id}, ${userId})`;
  }
  return team.id;
}

/**
 * Notifications a user has about one ticket, oldest first: their own rows and the broadcasts to
 * every agent their bell shows (migration 00035), as the bell's list reads them.
 */
export async function notificationsAbout(
  userId: string,
  ticketId: string,
): Promise<{ type: string; title: string; message: string }[]> {
  const list = await selectNotifications(sql, userId, 100_000);
  return list
    .filter((notification) => notification.relatedEntityId === ticketId)
    .reverse()
    .map(({ type, title, message }) => ({ type, title, message }));
}
