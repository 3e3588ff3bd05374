import type {
  TTicketCategory,
  TTicketPriority,
  TTrigger,
  TTriggerAction,
  TTriggerActionType,
  TTriggerCondition,
  TTriggerConditionType,
  TTriggerInput,
  TTriggerRunOn,
} from '@helpdesk/contracts';

/**
 * The trigger editor's state: one row per condition and per action, each holding what its inputs
 * show (lists of choices, or the text of a word or domain list), turned into the request body on
 * save. The server checks the body again (contracts/src/triggers.ts).
 */

export type TConditionRow = { key: string; type: TTriggerConditionType; choices: string[]; text: string };
export type TActionRow = { key: string; type: TTriggerActionType; value: string };

export type TTriggerFormState = {
  name: string;
  isEnabled: boolean;
  runOn: TTriggerRunOn;
  conditions: TConditionRow[];
  actions: TActionRow[];
};

/** The condition kinds in the order the editor offers them, with their label ids. */
export const CONDITION_LABELS = {
  title_words: 'triggers.conditionTitleWords',
  priority: 'triggers.conditionPriority',
  category: 'triggers.conditionCategory',
  team: 'triggers.conditionTeam',
  requester_domain: 'triggers.conditionDomain',
} as const satisfies Record<TTriggerConditionType, string>;

/** The action kinds the editor offers, with their label ids. */
export const ACTION_LABELS = {
  assign_team: 'triggers.actionAssignTeam',
  assign_agent: 'triggers.actionAssignAgent',
  set_priority: 'triggers.actionSetPriority',
  set_category: 'triggers.actionSetCategory',
  add_note: 'triggers.actionAddNote',
  notify_user: 'triggers.actionNotifyUser',
  notify_team: 'triggers.actionNotifyTeam',
  webhook: 'triggers.actionWebhook',
} as const satisfies Record<TTriggerActionType, string>;

export const RUN_ON_LABELS = {
  created: 'triggers.runOnCreated',
  updated: 'triggers.runOnUpdated',
  both: 'triggers.runOnBoth',
} as const satisfies Record<TTriggerRunOn, string>;

let rowCounter = 0;
const rowKey = () => {
  rowCounter += 1;
  return `row-${rowCounter}`;
};

const isTextCondition = (type: TTriggerConditionType) =>
  type === 'title_words' || type === 'requester_domain';

/** A new condition row of a kind. */
export const newConditionRow = (type: TTriggerConditionType): TConditionRow => ({
  key: rowKey(),
  type,
  choices: [],
  text: '',
});

/** A new action row of a kind, with a sensible value where one is obvious. */
export const newActionRow = (type: TTriggerActionType): TActionRow => ({
  key: rowKey(),
  type,
  value: type === 'set_priority' ? 'high' : type === 'set_category' ? 'hardware' : '',
});

/** The editor's state for a rule, or an empty one for a new rule. */
export function triggerFormState(trigger?: TTrigger): TTriggerFormState {
  if (!trigger) {
    return {
      name: '',
      isEnabled: true,
      runOn: 'created',
      conditions: [],
      actions: [newActionRow('assign_team')],
    };
  }
  return {
    name: trigger.name,
    isEnabled: trigger.isEnabled,
    runOn: trigger.runOn,
    conditions: trigger.conditions.map((condition) => ({
      key: rowKey(),
      type: condition.type,
      choices: isTextCondition(condition.type) ? [] : [...condition.in],
      text: isTextCondition(condition.type) ? condition.in.join(', ') : '',
    })),
    actions: trigger.actions.map((action) => ({
      key: rowKey(),
      type: action.type,
      value: actionValue(action),
    })),
  };
}

function actionValue(action: TTriggerAction): string {
  switch (action.type) {
    case 'assign_team':
    case 'notify_team':
      return action.teamId;
    case 'assign_agent':
    case 'notify_user':
      return action.userId;
    case 'set_priority':
      return action.priority;
    case 'set_category':
      return action.category;
    case 'add_note':
      return action.text;
    case 'webhook':
      return action.webhookId;
  }
}

/** A typed list ("printer, toner  scanner") as its entries: split on commas and spaces, blanks dropped. */
export const listEntries = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

function conditionOf(row: TConditionRow): TTriggerCondition {
  switch (row.type) {
    case 'title_words':
      return { type: 'title_words', in: listEntries(row.text) };
    case 'requester_domain':
      return { type: 'requester_domain', in: listEntries(row.text) };
    case 'priority':
      return { type: 'priority', in: row.choices as TTicketPriority[] };
    case 'category':
      return { type: 'category', in: row.choices as TTicketCategory[] };
    case 'team':
      return { type: 'team', in: row.choices };
  }
}

function actionOf(row: TActionRow): TTriggerAction {
  switch (row.type) {
    case 'assign_team':
      return { type: 'assign_team', teamId: row.value };
    case 'notify_team':
      return { type: 'notify_team', teamId: row.value };
    case 'assign_agent':
      return { type: 'assign_agent', userId: row.value };
    case 'notify_user':
      return { type: 'notify_user', userId: row.value };
    case 'set_priority':
      return { type: 'set_priority', priority: row.value as TTicketPriority };
    case 'set_category':
      return { type: 'set_category', category: row.value as TTicketCategory };
    case 'add_note':
      return { type: 'add_note', text: row.value };
    case 'webhook':
      return { type: 'webhook', webhookId: row.value.trim() };
  }
}

/** The request body of the editor's state. */
export function triggerRequest(state: TTriggerFormState): TTriggerInput {
  return {
    name: state.name.trim(),
    isEnabled: state.isEnabled,
    runOn: state.runOn,
    conditions: state.conditions.map(conditionOf),
    actions: state.actions.map(actionOf),
  };
}

/** The condition kinds not yet used by a row (each kind appears once). */
export const unusedConditionTypes = (rows: readonly TConditionRow[]) =>
  (Object.keys(CONDITION_LABELS) as TTriggerConditionType[]).filter(
    (type) => !rows.some((row) => row.type === type),
  );
