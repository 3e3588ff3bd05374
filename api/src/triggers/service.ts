import {
  TRIGGER_LIMITS,
  TRIGGER_MESSAGES,
  type TTrigger,
  type TTriggerInput,
  type TTriggerMoveRequest,
  type TUser,
} from '@helpdesk/contracts';
import { insertAdminActionEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import {
  countTriggers,
  deleteTrigger,
  insertTrigger,
  lockTriggerOrder,
  selectActiveStaffIds,
  selectActiveTeamIds,
  selectNeighbour,
  selectTriggerForUpdate,
  selectTriggers,
  selectWebhookIds,
  swapPositions,
  updateTrigger,
} from './queries.ts';
import { namedIn } from './rules.ts';

type Actor = { admin: TUser; meta: RequestMeta };

const triggerNotFound = () => notFound(TRIGGER_MESSAGES.notFound);

function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  return sql.begin((tx) => work(tx)) as Promise<T>;
}

/**
 * The teams, staff and webhooks a rule names must exist and be active when it is saved (400, nothing
 * written); one that goes away later makes its action do nothing (rules.ts).
 */
async function checkReferences(tx: Db, input: TTriggerInput): Promise<void> {
  const rule = { id: '', position: 0, createdBy: null, ...input };
  const named = namedIn([rule]);
  const webhookIds = input.actions.flatMap((action) => (action.type === 'webhook' ? [action.webhookId] : []));
  const [teams, staff, webhooks] = await Promise.all([
    selectActiveTeamIds(tx, named.teamIds),
    selectActiveStaffIds(tx, named.userIds),
    selectWebhookIds(tx, webhookIds),
  ]);
  for (const [index, action] of input.actions.entries()) {
    const field = `actions.${index}`;
    if ((action.type === 'assign_team' || action.type === 'notify_team') && !teams.has(action.teamId)) {
      throw badRequest(TRIGGER_MESSAGES.teamInvalid, { [`${field}.teamId`]: TRIGGER_MESSAGES.teamInvalid });
    }
    if (action.type === 'assign_agent' && !staff.has(action.userId)) {
      throw badRequest(TRIGGER_MESSAGES.agentInvalid, { [`${field}.userId`]: TRIGGER_MESSAGES.agentInvalid });
    }
    if (action.type === 'notify_user' && !staff.has(action.userId)) {
      throw badRequest(TRIGGER_MESSAGES.userInvalid, { [`${field}.userId`]: TRIGGER_MESSAGES.userInvalid });
    }
    if (action.type === 'webhook' && !webhooks.has(action.webhookId)) {
      throw badRequest(TRIGGER_MESSAGES.webhookInvalid, {
        [`${field}.webhookId`]: TRIGGER_MESSAGES.webhookInvalid,
      });
    }
  }
}

/** Every rule in the order the ticket writes run them, enabled or not. */
export function listTriggers(): Promise<TTrigger[]> {
  return selectTriggers(sql);
}

/** Adds a rule after the last one (at most TRIGGER_LIMITS.triggersMax), with a 'trigger.created' audit row. */
export function createTrigger(actor: Actor, input: TTriggerInput): Promise<TTrigger> {
  return inTransaction(async (tx) => {
    await lockTriggerOrder(tx);
    if ((await countTriggers(tx)) >= TRIGGER_LIMITS.triggersMax) throw conflict(TRIGGER_MESSAGES.tooMany);
    await checkReferences(tx, input);
    const trigger = await insertTrigger(tx, input, actor.admin.id);
    await insertAdminActionEntry(tx, actor, 'trigger.created', { triggerId: trigger.id, name: trigger.name });
    return trigger;
  });
}

const CHANGE_FIELDS = ['name', 'isEnabled', 'runOn', 'conditions', 'actions'] as const;

/** Replaces a rule's name, switch, moment, conditions and actions; each changed field is audited. */
export function changeTrigger(actor: Actor, triggerId: string, input: TTriggerInput): Promise<TTrigger> {
  return inTransaction(async (tx) => {
    const current = await selectTriggerForUpdate(tx, triggerId);
    if (!current) throw triggerNotFound();
    const changes = Object.fromEntries(
      CHANGE_FIELDS.filter((field) => JSON.stringify(current[field]) !== JSON.stringify(input[field])).map(
        (field) => [field, { from: current[field], to: input[field] }],
      ),
    );
    if (Object.keys(changes).length === 0) return current;
    await checkReferences(tx, input);
    const trigger = await updateTrigger(tx, triggerId, input);
    await insertAdminActionEntry(tx, actor, 'trigger.updated', { triggerId, name: trigger.name, changes });
    return trigger;
  });
}

/** Swaps a rule with the one before or after it (nothing at an end); audited as 'trigger.moved'. */
export function moveTrigger(actor: Actor, triggerId: string, move: TTriggerMoveRequest): Promise<TTrigger[]> {
  return inTransaction(async (tx) => {
    await lockTriggerOrder(tx);
    const current = await selectTriggerForUpdate(tx, triggerId);
    if (!current) throw triggerNotFound();
    const neighbour = await selectNeighbour(tx, current.position, move.direction);
    if (neighbour) {
      await swapPositions(tx, current, neighbour);
      await insertAdminActionEntry(tx, actor, 'trigger.moved', {
        triggerId,
        name: current.name,
        from: current.position,
        to: neighbour.position,
      });
    }
    return selectTriggers(tx);
  });
}

/** Deletes a rule; the others keep their order. Audited as 'trigger.deleted'. */
export function removeTrigger(actor: Actor, triggerId: string): Promise<void> {
  return inTransaction(async (tx) => {
    const current = await selectTriggerForUpdate(tx, triggerId);
    if (!current) throw triggerNotFound();
    await deleteTrigger(tx, triggerId);
    await insertAdminActionEntry(tx, actor, 'trigger.deleted', { triggerId, name: current.name });
  });
}
