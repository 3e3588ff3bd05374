/** What the background-task tests share: rows made straight in a (scratch) database with chosen times. */
import {
  DEFAULT_SETTINGS,
  type TTicketPriority,
  type TTicketStatus,
  type TUserRole,
} from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import type { Logger } from '../log.ts';
import { insertDefaultSettingsIfMissing } from '../settings/queries.ts';

let counter = 0;
const nextName = (prefix: string) => {
  counter += 1;
  return `${prefix}_${counter}_${crypto.randomUUID().slice(0, 8)}`;
};

/** A user who never signs in (no real password hash): staff to assign and notify, or a requester. */
export async function insertPerson(
  db: Sql,
  options: { role?: TUserRole; status?: 'active' | 'pending' | 'rejected' } = {},
): Promise<string> {
  const username = nextName(options.role ?? 'u');
  const [row] = await db<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values (${username}, ${`${username}@example.test`}, 'not-a-hash', 'Test', ${username},
            ${options.role ?? 'end_user'}, ${options.status ?? 'active'})
    returning id`;
  if (!row) throw new Error('user not inserted');
  return row.id;
}

export async function insertTeam(db: Sql, memberIds: readonly string[]): Promise<string> {
  const [team] = await db<
    { id: string }[]
  >`insert into teams (name) values (${nextName('team')}) returning id`;
  if (!team) throw new Error('team not inserted');
  for (const userId of memberIds)
    await db`insert into team_members (team_id, user_id) values (${team.id}, ${userId})`;
  return team.id;
}

/** A ticket with chosen times (absolute dates); no deadline unless given. */
export async function insertTicket(
  db: Sql,
  options: {
    requesterId: string;
    title?: string;
    status?: TTicketStatus;
    priority?: TTicketPriority;
    assigneeId?: string | null;
    teamId?: string | null;
    createdAt?: Date;
    slaResponseBy?: Date | null;
    slaResolveBy?: Date | null;
    respondedAt?: Date | null;
    resolvedAt?: Date | null;
  },
): Promise<{ id: string; ticketNumber: string }> {
  const [row] = await db<{ id: string; ticketNumber: string }[]>`
    insert into tickets (title, description, priority, status, requester_id, assignee_id, team_id, created_at,
                         sla_response_by, sla_resolve_by, responded_at, resolved_at)
    values (${options.title ?? 'Printer on fire'}, 'Made for a test.', ${options.priority ?? 'medium'},
            ${options.status ?? 'new'}, ${options.requesterId}, ${options.assigneeId ?? null},
            ${options.teamId ?? null}, ${options.createdAt ?? new Date()}, ${options.slaResponseBy ?? null},
            ${options.slaResolveBy ?? null}, ${options.respondedAt ?? null}, ${options.resolvedAt ?? null})
    returning id, ticket_number as "ticketNumber"`;
  if (!row) throw new Error('ticket not inserted');
  return row;
}

/** Turns Settings' auto assignment on or off (saving the defaults first when nothing was saved yet). */
export async function setAutoAssignment(db: Sql, isOn: boolean): Promise<void> {
  await db.begin(async (tx) => {
    await insertDefaultSettingsIfMissing(tx, DEFAULT_SETTINGS);
    await tx`update settings set auto_assignment = ${isOn}`;
  });
}

/** A logger that keeps its lines, to assert on what a task logged. */
export function collectingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (line, fields) => lines.push(fields ? `${line} ${JSON.stringify(fields)}` : line),
    error: (line, error) => lines.push(`ERROR ${line}${error instanceof Error ? `: ${error.message}` : ''}`),
  };
}

export { eventually } from '../../test/eventually.ts';
