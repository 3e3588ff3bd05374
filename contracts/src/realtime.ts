import { z } from 'zod';
import { REALTIME_EVENT_TYPES } from './constants/realtime.ts';

// GET /api/events (Server-Sent Events): the event types and timings are documented in constants/realtime.ts.
export { REALTIME, REALTIME_EVENT_TYPES, REALTIME_MESSAGES } from './constants/realtime.ts';

export const ZRealtimeEventType = z.enum(REALTIME_EVENT_TYPES);
export type TRealtimeEventType = z.infer<typeof ZRealtimeEventType>;

export const ZRealtimeNotificationsEvent = z.strictObject({});
export type TRealtimeNotificationsEvent = z.infer<typeof ZRealtimeNotificationsEvent>;

export const ZRealtimeTicketEvent = z.strictObject({ ticketId: z.uuid() });
export type TRealtimeTicketEvent = z.infer<typeof ZRealtimeTicketEvent>;
