import { describe, expect, test } from 'bun:test';
import type { TTriggerCondition } from '@helpdesk/contracts';
import {
  anyRuleHolds,
  applyTriggers,
  conditionHolds,
  type TriggerFacts,
  type TriggerRule,
  titleWords,
} from './rules.ts';

const HARDWARE = '00000000-0000-4000-8000-0000000000a1';
const NETWORK = '00000000-0000-4000-8000-0000000000a2';
const GONE = '00000000-0000-4000-8000-0000000000a3';
const ADA = '00000000-0000-4000-8000-0000000000b1';

const directory = {
  teams: new Map([
    [HARDWARE, 'Hardware'],
    [NETWORK, 'Network'],
  ]),
  staff: new Map([[ADA, 'Ada Lovelace']]),
};

const facts = (changes: Partial<TriggerFacts> = {}): TriggerFacts => ({
  title: 'Printer on floor 3 jams',
  priority: 'medium',
  category: 'other',
  teamId: null,
  teamName: null,
  assigneeId: null,
  assigneeName: null,
  requesterEmail: 'grace@Example.org',
  ...changes,
});

let nextPosition = 0;
const rule = (changes: Partial<TriggerRule>): TriggerRule => ({
  id: `rule-${nextPosition}`,
  name: `Rule ${nextPosition}`,
  position: nextPosition++,
  runOn: 'both',
  conditions: [],
  actions: [],
  createdBy: ADA,
  ...changes,
});

describe('conditions', () => {
  test('title words match whole words whatever their case, and parts of dashed words', () => {
    expect(titleWords('Printer-jam on the 3rd FLOOR')).toEqual(
      new Set(['printer-jam', 'printer', 'jam', 'on', 'the', '3rd', 'floor']),
    );
    const printer = { type: 'title_words', in: ['printer'] } satisfies TTriggerCondition;
    expect(conditionHolds(printer, facts())).toBe(true);
    expect(conditionHolds(printer, facts({ title: 'PRINTER broken' }))).toBe(true);
    expect(conditionHolds(printer, facts({ title: 'The printers are fine' }))).toBe(false);
    expect(conditionHolds(printer, facts({ title: 'Reprinter' }))).toBe(false);
  });

  test('the requester domain is compared whole and without case', () => {
    const domain = { type: 'requester_domain', in: ['example.org'] } satisfies TTriggerCondition;
    expect(conditionHolds(domain, facts())).toBe(true);
    expect(conditionHolds(domain, facts({ requesterEmail: 'a@sub.example.org' }))).toBe(false);
    expect(conditionHolds(domain, facts({ requesterEmail: null }))).toBe(false);
  });

  test('a team condition can ask for no team', () => {
    const none = { type: 'team', in: ['none'] } satisfies TTriggerCondition;
    expect(conditionHolds(none, facts())).toBe(true);
    expect(conditionHolds(none, facts({ teamId: HARDWARE }))).toBe(false);
    expect(conditionHolds({ type: 'team', in: [HARDWARE] }, facts({ teamId: HARDWARE }))).toBe(true);
  });

  test('priority and category list their values', () => {
    expect(conditionHolds({ type: 'priority', in: ['high', 'medium'] }, facts())).toBe(true);
    expect(conditionHolds({ type: 'priority', in: ['high'] }, facts())).toBe(false);
    expect(conditionHolds({ type: 'category', in: ['hardware'] }, facts())).toBe(false);
  });
});

describe('applyTriggers', () => {
  const printer = rule({
    name: 'Printers to Hardware',
    conditions: [{ type: 'title_words', in: ['printer'] }],
    actions: [{ type: 'assign_team', teamId: HARDWARE }],
  });

  test('a rule whose conditions hold applies its actions and is recorded with what it did', () => {
    const outcome = applyTriggers('created', facts(), [printer], directory);
    expect(outcome.facts.teamId).toBe(HARDWARE);
    expect(outcome.facts.teamName).toBe('Hardware');
    expect(outcome.applied).toEqual([
      {
        triggerId: printer.id,
        triggerName: 'Printers to Hardware',
        actions: [{ type: 'assign_team', teamId: HARDWARE, name: 'Hardware' }],
        notes: [],
        notify: { userIds: [], teamIds: [] },
        webhookIds: [],
      },
    ]);
  });

  test('rules run in position order, each seeing what the ones before changed', () => {
    const toHigh = rule({ position: 1, actions: [{ type: 'set_priority', priority: 'high' }] });
    const highToNetwork = rule({
      position: 2,
      conditions: [{ type: 'priority', in: ['high'] }],
      actions: [{ type: 'assign_team', teamId: NETWORK }],
    });
    // Given out of order: position decides.
    const outcome = applyTriggers('updated', facts(), [highToNetwork, toHigh], directory);
    expect(outcome.facts.priority).toBe('high');
    expect(outcome.facts.teamId).toBe(NETWORK);
    expect(outcome.applied.map((applied) => applied.triggerId)).toEqual([toHigh.id, highToNetwork.id]);
    // The other way round the second rule would not have held.
    const reversed = applyTriggers(
      'updated',
      facts(),
      [
        { ...highToNetwork, position: 0 },
        { ...toHigh, position: 5 },
      ],
      directory,
    );
    expect(reversed.facts.teamId).toBeNull();
  });

  test('a later rule overrides an earlier one, and each rule runs once (no loop)', () => {
    const toLow = rule({ position: 10, actions: [{ type: 'set_priority', priority: 'low' }] });
    const lowToHigh = rule({
      position: 11,
      conditions: [{ type: 'priority', in: ['low'] }],
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
    const outcome = applyTriggers('updated', facts(), [toLow, lowToHigh], directory);
    // toLow's condition (none) would hold again after lowToHigh, but rules never re-run.
    expect(outcome.facts.priority).toBe('high');
    expect(outcome.applied).toHaveLength(2);
  });

  test('runOn: a created-only rule skips updates', () => {
    const onCreate = rule({ runOn: 'created', actions: [{ type: 'set_category', category: 'hardware' }] });
    expect(applyTriggers('updated', facts(), [onCreate], directory).applied).toEqual([]);
    expect(applyTriggers('created', facts(), [onCreate], directory).facts.category).toBe('hardware');
  });

  test('a rule that changes nothing is not recorded; a missing team or agent does nothing', () => {
    const same = rule({ actions: [{ type: 'set_priority', priority: 'medium' }] });
    const gone = rule({
      actions: [
        { type: 'assign_team', teamId: GONE },
        { type: 'assign_agent', userId: GONE },
        { type: 'notify_user', userId: GONE },
      ],
    });
    const outcome = applyTriggers('created', facts(), [same, gone], directory);
    expect(outcome.applied).toEqual([]);
    expect(outcome.facts).toEqual(facts());
  });

  test('notes, notifications and webhooks are collected; the agent is assigned with their name', () => {
    const busy = rule({
      actions: [
        { type: 'assign_agent', userId: ADA },
        { type: 'add_note', text: 'Check the toner first.' },
        { type: 'notify_team', teamId: HARDWARE },
        { type: 'notify_user', userId: ADA },
        { type: 'webhook', webhookId: GONE },
      ],
    });
    const [applied] = applyTriggers('created', facts(), [busy], directory).applied;
    expect(applied?.actions).toEqual([
      { type: 'assign_agent', userId: ADA, name: 'Ada Lovelace' },
      { type: 'add_note' },
      { type: 'notify_team', name: 'Hardware' },
      { type: 'notify_user', name: 'Ada Lovelace' },
      { type: 'webhook' },
    ]);
    expect(applied?.notes).toEqual([{ text: 'Check the toner first.', authorId: ADA }]);
    expect(applied?.notify).toEqual({ userIds: [ADA], teamIds: [HARDWARE] });
    expect(applied?.webhookIds).toEqual([GONE]);
  });

  test('anyRuleHolds answers false when no rule of the kind holds, so nothing more is read', () => {
    expect(anyRuleHolds('created', facts({ title: 'Mouse' }), [printer])).toBe(false);
    expect(anyRuleHolds('created', facts(), [printer])).toBe(true);
    expect(anyRuleHolds('updated', facts(), [{ ...printer, runOn: 'created' }])).toBe(false);
  });
});
