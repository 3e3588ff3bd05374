import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_LIMITS, TICKET_PRIORITIES } from './constants/tickets.ts';
import { VISIBLE_LINE } from './text.ts';

/**
 * Triggers (admins only): rules "when a ticket is created or updated and these conditions hold, do
 * these actions", run by the ticket writes in a fixed order (docs/product.md#triggers). A rule's own
 * changes never run rules again.
 */
export const TRIGGER_PATHS = {
  /** GET: every rule in order; POST: a new rule, placed last. */
  list: '/api/admin/triggers',
} as const;

/** `/api/admin/triggers/{id}` (PUT: change a rule; DELETE: remove it). */
export const triggerPath = (triggerId: string) => `${TRIGGER_PATHS.list}/${triggerId}`;

/** `/api/admin/triggers/{id}/move` (POST { direction }: swap a rule with its neighbour). */
export const triggerMovePath = (triggerId: string) => `${triggerPath(triggerId)}/move`;

export const TRIGGER_LIMITS = {
  /** Rules a desk keeps at most: every ticket write reads them all. */
  triggersMax: 100,
  nameMax: 120,
  conditionsMax: 5,
  actionsMax: 10,
  /** Values one condition lists at most (priorities, categories, teams, domains, words). */
  valuesMax: 50,
  wordMax: 50,
  domainMax: 253,
  noteMax: TICKET_LIMITS.commentMax,
} as const;

export const TRIGGER_MESSAGES = {
  notFound: 'Trigger not found',
  invalidId: 'Invalid trigger ID format',
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  nameInvisible: 'Name must not contain invisible or control characters',
  tooMany: 'A desk can keep at most 100 triggers',
  tooManyConditions: 'A trigger has at most 5 conditions, one of each kind',
  duplicateCondition: 'Each kind of condition may appear once',
  actionsRequired: 'Add at least one action',
  tooManyActions: 'A trigger has at most 10 actions',
  tooManyValues: 'A condition lists at most 50 values',
  valuesRequired: 'Choose at least one value',
  wordInvalid: 'Words are single words of at most 50 letters or digits',
  domainInvalid: 'Enter a domain such as example.com',
  noteRequired: 'The note needs a text',
  noteTooLong: 'The note is too long',
  teamInvalid: 'Choose an active team',
  agentInvalid: 'Choose an active agent or admin',
  userInvalid: 'Choose an active agent or admin to notify',
  webhookInvalid: 'Choose an existing webhook',
  notifyTitle: 'Rule "{rule}" on {ticketNumber}',
  notifyMessage: 'The rule "{rule}" acted on "{title}".',
} as const;

export const TRIGGER_RUN_ON = ['created', 'updated', 'both'] as const;
export const ZTriggerRunOn = z.enum(TRIGGER_RUN_ON);
export type TTriggerRunOn = z.infer<typeof ZTriggerRunOn>;

/** How a condition's list of values is declared: checked as an admin writes it, or as stored. */
type ValuesOf = <T extends z.ZodType>(item: T) => z.ZodArray<T>;
const checkedValues: ValuesOf = (item) =>
  z
    .array(item)
    .min(1, TRIGGER_MESSAGES.valuesRequired)
    .max(TRIGGER_LIMITS.valuesMax, TRIGGER_MESSAGES.tooManyValues);
// An answer carries a rule that was checked when it was saved: its lists keep no counts, which
// the compiled response check (api/src/response-shape.ts) would not enforce anyway.
const storedValues: ValuesOf = (item) => z.array(item);

/** A team condition's value for "the ticket has no team". */
export const TRIGGER_NO_TEAM = 'none';

/** A whole word of the title: letters, digits, and inner dashes or apostrophes. */
const ZTriggerWord = z
  .string()
  .trim()
  .toLowerCase()
  .max(TRIGGER_LIMITS.wordMax, TRIGGER_MESSAGES.wordInvalid)
  .regex(/^[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*$/u, TRIGGER_MESSAGES.wordInvalid);

const ZTriggerDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(TRIGGER_LIMITS.domainMax, TRIGGER_MESSAGES.domainInvalid)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, TRIGGER_MESSAGES.domainInvalid);

const conditionSchema = (values: ValuesOf) =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('priority'), in: values(z.enum(TICKET_PRIORITIES)) }),
    z.strictObject({ type: z.literal('category'), in: values(z.enum(TICKET_CATEGORIES)) }),
    z.strictObject({
      type: z.literal('team'),
      in: values(z.union([z.uuid(TRIGGER_MESSAGES.teamInvalid), z.literal(TRIGGER_NO_TEAM)])),
    }),
    z.strictObject({ type: z.literal('requester_domain'), in: values(ZTriggerDomain) }),
    z.strictObject({ type: z.literal('title_words'), in: values(ZTriggerWord) }),
  ]);

/** What must hold for a rule to act; all of a rule's conditions must hold. */
export const ZTriggerCondition = conditionSchema(checkedValues);
export type TTriggerCondition = z.infer<typeof ZTriggerCondition>;
export type TTriggerConditionType = TTriggerCondition['type'];

/** What a rule does, in the order listed. */
export const ZTriggerAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('assign_team'), teamId: z.uuid(TRIGGER_MESSAGES.teamInvalid) }),
  z.strictObject({ type: z.literal('assign_agent'), userId: z.uuid(TRIGGER_MESSAGES.agentInvalid) }),
  z.strictObject({ type: z.literal('set_priority'), priority: z.enum(TICKET_PRIORITIES) }),
  z.strictObject({ type: z.literal('set_category'), category: z.enum(TICKET_CATEGORIES) }),
  z.strictObject({
    type: z.literal('add_note'),
    text: z
      .string()
      .trim()
      .min(1, TRIGGER_MESSAGES.noteRequired)
      .max(TRIGGER_LIMITS.noteMax, TRIGGER_MESSAGES.noteTooLong),
  }),
  z.strictObject({ type: z.literal('notify_user'), userId: z.uuid(TRIGGER_MESSAGES.userInvalid) }),
  z.strictObject({ type: z.literal('notify_team'), teamId: z.uuid(TRIGGER_MESSAGES.teamInvalid) }),
  z.strictObject({ type: z.literal('webhook'), webhookId: z.uuid(TRIGGER_MESSAGES.webhookInvalid) }),
]);
export type TTriggerAction = z.infer<typeof ZTriggerAction>;
export type TTriggerActionType = TTriggerAction['type'];

/** A rule as an admin writes it (POST, PUT). */
export const ZTriggerInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, TRIGGER_MESSAGES.nameRequired)
    .max(TRIGGER_LIMITS.nameMax, TRIGGER_MESSAGES.nameTooLong)
    .regex(VISIBLE_LINE, TRIGGER_MESSAGES.nameInvisible),
  isEnabled: z.boolean(),
  runOn: ZTriggerRunOn,
  conditions: z
    .array(ZTriggerCondition)
    .max(TRIGGER_LIMITS.conditionsMax, TRIGGER_MESSAGES.tooManyConditions)
    .refine((list) => new Set(list.map((condition) => condition.type)).size === list.length, {
      error: TRIGGER_MESSAGES.duplicateCondition,
    }),
  actions: z
    .array(ZTriggerAction)
    .min(1, TRIGGER_MESSAGES.actionsRequired)
    .max(TRIGGER_LIMITS.actionsMax, TRIGGER_MESSAGES.tooManyActions),
});
export type TTriggerInput = z.infer<typeof ZTriggerInput>;

/** A rule as answers carry it: as saved, so without the input's counts and refinements. */
export const ZTrigger = z.object({
  id: z.uuid(),
  name: z.string(),
  isEnabled: z.boolean(),
  runOn: ZTriggerRunOn,
  conditions: z.array(conditionSchema(storedValues)),
  actions: z.array(ZTriggerAction),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTrigger = z.infer<typeof ZTrigger>;

export const ZTriggerListResponse = z.object({ triggers: z.array(ZTrigger) });
export type TTriggerListResponse = z.infer<typeof ZTriggerListResponse>;

export const ZTriggerIdParams = z.strictObject({ id: z.uuid(TRIGGER_MESSAGES.invalidId) });

export const ZTriggerMoveRequest = z.strictObject({ direction: z.enum(['up', 'down']) });
export type TTriggerMoveRequest = z.infer<typeof ZTriggerMoveRequest>;

/**
 * What one action of a rule did, as the ticket's `trigger_applied` event records it (names as they
 * were then, so the timeline reads the same after a team is renamed).
 */
export type TTriggerAppliedAction =
  | { type: 'assign_team'; teamId: string; name: string }
  | { type: 'assign_agent'; userId: string; name: string }
  | { type: 'set_priority'; priority: string }
  | { type: 'set_category'; category: string }
  | { type: 'add_note' }
  | { type: 'notify_user'; name: string }
  | { type: 'notify_team'; name: string }
  | { type: 'webhook' };
