import { z } from 'zod';
import type { Db } from '../db/postgres.ts';

// Names are cut to this in a presence message, so one always fits a NOTIFY payload (8000 bytes).
export const PRESENCE_NAME_MAX = 200;

/** The PostgreSQL channel every API process LISTENs on. */
export const REALTIME_CHANNEL = 'helpdesk_events';

/**
 * What travels between API processes: ids only. `notifications` names the users whose bell
 * changed; `agentNotifications` is every active agent's bell but one (a broadcast of 00035: the
 * hub picks the agents' streams, so the message stays small however many agents there are);
 * `ticket` names a ticket that changed (staff only decide at delivery); `presence` is one viewer of
 * a ticket page arriving, heart-beating, typing or leaving (api/src/presence/store.ts keeps them),
 * `changed` when the ticket's viewers changed for its readers (a join, typing, leaving), not on a
 * mere refresh.
 */
export const ZRealtimeMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('notifications'), userIds: z.array(z.uuid()).min(1) }),
  z.strictObject({ type: z.literal('agentNotifications'), exceptUserId: z.uuid().nullable() }),
  z.strictObject({ type: z.literal('ticket'), ticketId: z.uuid() }),
  z.strictObject({
    type: z.literal('presence'),
    /** The process that sent it: it applied the change itself and skips its own echo. */
    origin: z.uuid(),
    ticketId: z.uuid(),
    userId: z.uuid(),
    firstName: z.string().max(PRESENCE_NAME_MAX),
    lastName: z.string().max(PRESENCE_NAME_MAX),
    /** When the viewer opened the ticket (epoch ms). */
    since: z.number().int().nonnegative(),
    typing: z.boolean(),
    left: z.boolean(),
    changed: z.boolean(),
  }),
]);
export type PresenceMessage = Extract<RealtimeMessage, { type: 'presence' }>;
export type RealtimeMessage = z.infer<typeof ZRealtimeMessage>;

/** A NOTIFY payload as a message, or null when it is not one (never throws: payloads come from the database). */
export function readRealtimeMessage(payload: string | undefined): RealtimeMessage | null {
  if (payload === undefined) return null;
  try {
    const parsed = ZRealtimeMessage.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// A NOTIFY payload must stay under 8000 bytes: 100 uuids in JSON are about 3.9 kB.
const USER_IDS_PER_MESSAGE = 100;

/**
 * Announces a change to every API process through `pg_notify`, inside the caller's transaction:
 * PostgreSQL delivers it only on COMMIT (a rolled-back change is never heard of) and folds
 * identical messages of one transaction into one.
 */
export async function publishRealtime(tx: Db, message: RealtimeMessage): Promise<void> {
  if (message.type !== 'notifications') {
    await tx`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(message)})`;
    return;
  }
  const userIds = [...new Set(message.userIds)];
  for (let start = 0; start < userIds.length; start += USER_IDS_PER_MESSAGE) {
    const chunk = { type: 'notifications', userIds: userIds.slice(start, start + USER_IDS_PER_MESSAGE) };
    await tx`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(chunk)})`;
  }
}

/** Notifies the users whose bell changed; nothing when there is nobody. */
export function publishNotificationsChanged(tx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return publishRealtime(tx, { type: 'notifications', userIds: [...userIds] });
}
