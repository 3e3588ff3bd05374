import {
  TRIGGER_NO_TEAM,
  type TTicketCategory,
  type TTicketPriority,
  type TTriggerAction,
  type TTriggerAppliedAction,
  type TTriggerCondition,
  type TTriggerRunOn,
} from '@helpdesk/contracts';

/**
 * The triggers' rule, without the database (docs/product.md#triggers): which enabled rules hold for
 * a ticket write and what they change. Rules run once per write in position order, each seeing what
 * the rules before it changed; nothing a rule changes runs the rules again.
 */

/** An enabled rule as the ticket writes run it. */
export type TriggerRule = {
  id: string;
  name: string;
  position: number;
  runOn: TTriggerRunOn;
  conditions: readonly TTriggerCondition[];
  actions: readonly TTriggerAction[];
  /** Who wrote it: a note it adds is theirs (null once they are gone: the change's author then). */
  createdBy: string | null;
};

/** What the rules read and change of a ticket. */
export type TriggerFacts = {
  title: string;
  priority: TTicketPriority;
  category: TTicketCategory;
  teamId: string | null;
  teamName: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  /** The requester's address (its domain is a condition); null when the writer did not read it. */
  requesterEmail: string | null;
};

/**
 * The names of the active teams and staff the rules name, as the write read them: an action naming
 * one that is not here (deactivated, deleted since the rule was saved) does nothing.
 */
export type TriggerDirectory = {
  teams: ReadonlyMap<string, string>;
  staff: ReadonlyMap<string, string>;
};

/** What a rule that acted adds to the write besides its field changes. */
export type AppliedRule = {
  triggerId: string;
  triggerName: string;
  actions: TTriggerAppliedAction[];
  notes: { text: string; authorId: string | null }[];
  notify: { userIds: string[]; teamIds: string[] };
  webhookIds: string[];
};

export type TriggerOutcome = { facts: TriggerFacts; applied: AppliedRule[] };

/** Letters and digits, with inner dashes and apostrophes kept as one word too ("e-mail"). */
const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;
const WORD_PART = /[\p{L}\p{N}]+/gu;

/** The title's whole words, lower-cased: each word and each part of a dashed word. */
export function titleWords(title: string): Set<string> {
  const lower = title.toLowerCase();
  return new Set([...(lower.match(WORD) ?? []), ...(lower.match(WORD_PART) ?? [])]);
}

const domainOf = (email: string | null) => {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at >= 0 ? email.slice(at + 1).toLowerCase() : null;
};

/** Whether one condition holds for the ticket as it is now. */
export function conditionHolds(condition: TTriggerCondition, facts: TriggerFacts): boolean {
  switch (condition.type) {
    case 'priority':
      return condition.in.includes(facts.priority);
    case 'category':
      return condition.in.includes(facts.category);
    case 'team':
      return condition.in.includes(facts.teamId ?? TRIGGER_NO_TEAM);
    case 'requester_domain': {
      const domain = domainOf(facts.requesterEmail);
      return domain !== null && condition.in.includes(domain);
    }
    case 'title_words': {
      const words = titleWords(facts.title);
      return condition.in.some((word) => words.has(word.toLowerCase()));
    }
  }
}

/** Whether a rule runs for this kind of write. */
export const runsOn = (rule: Pick<TriggerRule, 'runOn'>, kind: 'created' | 'updated') =>
  rule.runOn === 'both' || rule.runOn === kind;

/** Whether any rule needs the requester's address to be decided. */
export const needsRequesterEmail = (rules: readonly TriggerRule[]) =>
  rules.some((rule) => rule.conditions.some((condition) => condition.type === 'requester_domain'));

/** The teams and staff the rules' actions name, for the write to read the directory of. */
export function namedIn(rules: readonly TriggerRule[]): { teamIds: string[]; userIds: string[] } {
  const teamIds = new Set<string>();
  const userIds = new Set<string>();
  for (const action of rules.flatMap((rule) => rule.actions)) {
    if (action.type === 'assign_team' || action.type === 'notify_team') teamIds.add(action.teamId);
    if (action.type === 'assign_agent' || action.type === 'notify_user') userIds.add(action.userId);
  }
  return { teamIds: [...teamIds], userIds: [...userIds] };
}

/** One action on the facts: answers them changed or as they were, and records in `done` what it did. */
function act(
  action: TTriggerAction,
  facts: TriggerFacts,
  directory: TriggerDirectory,
  rule: TriggerRule,
  done: AppliedRule,
): TriggerFacts {
  switch (action.type) {
    case 'assign_team': {
      const name = directory.teams.get(action.teamId);
      if (name === undefined || facts.teamId === action.teamId) return facts;
      done.actions.push({ type: 'assign_team', teamId: action.teamId, name });
      return { ...facts, teamId: action.teamId, teamName: name };
    }
    case 'assign_agent': {
      const name = directory.staff.get(action.userId);
      if (name === undefined || facts.assigneeId === action.userId) return facts;
      done.actions.push({ type: 'assign_agent', userId: action.userId, name });
      return { ...facts, assigneeId: action.userId, assigneeName: name };
    }
    case 'set_priority':
      if (facts.priority === action.priority) return facts;
      done.actions.push({ type: 'set_priority', priority: action.priority });
      return { ...facts, priority: action.priority };
    case 'set_category':
      if (facts.category === action.category) return facts;
      done.actions.push({ type: 'set_category', category: action.category });
      return { ...facts, category: action.category };
    case 'add_note':
      done.actions.push({ type: 'add_note' });
      done.notes.push({ text: action.text, authorId: rule.createdBy });
      return facts;
    case 'notify_user': {
      const name = directory.staff.get(action.userId);
      if (name === undefined) return facts;
      done.actions.push({ type: 'notify_user', name });
      done.notify.userIds.push(action.userId);
      return facts;
    }
    case 'notify_team': {
      const name = directory.teams.get(action.teamId);
      if (name === undefined) return facts;
      done.actions.push({ type: 'notify_team', name });
      done.notify.teamIds.push(action.teamId);
      return facts;
    }
    case 'webhook':
      done.actions.push({ type: 'webhook' });
      done.webhookIds.push(action.webhookId);
      return facts;
  }
}

/**
 * Runs the rules for a write of `kind` over the ticket as the writer left it: in position order,
 * a rule whose conditions all hold (none: always) applies its actions in order, and the next rule
 * sees the result. A rule that changed nothing and did nothing else is not recorded. Pure: the
 * caller reads the rules and the directory, and writes the outcome with the change.
 */
export function applyTriggers(
  kind: 'created' | 'updated',
  facts: TriggerFacts,
  rules: readonly TriggerRule[],
  directory: TriggerDirectory,
): TriggerOutcome {
  const ordered = [...rules].sort((a, b) => a.position - b.position);
  let current = facts;
  const applied: AppliedRule[] = [];
  for (const rule of ordered) {
    if (!runsOn(rule, kind)) continue;
    if (!rule.conditions.every((condition) => conditionHolds(condition, current))) continue;
    const done: AppliedRule = {
      triggerId: rule.id,
      triggerName: rule.name,
      actions: [],
      notes: [],
      notify: { userIds: [], teamIds: [] },
      webhookIds: [],
    };
    for (const action of rule.actions) current = act(action, current, directory, rule, done);
    if (done.actions.length > 0) applied.push(done);
  }
  return { facts: current, applied };
}

/**
 * Whether any rule of `kind` holds for the ticket as the writer left it. When none does, none can
 * act at all (only a rule's actions change what the next one sees), so the write reads nothing more.
 */
export function anyRuleHolds(
  kind: 'created' | 'updated',
  facts: TriggerFacts,
  rules: readonly TriggerRule[],
): boolean {
  return rules.some(
    (rule) => runsOn(rule, kind) && rule.conditions.every((condition) => conditionHolds(condition, facts)),
  );
}
