import { describe, expect, test } from 'bun:test';
import type { TTrigger } from '@helpdesk/contracts';
import { listEntries, triggerFormState, triggerRequest, unusedConditionTypes } from './trigger-form.ts';

const TEAM = '00000000-0000-4000-8000-0000000000a1';

describe('the trigger editor', () => {
  test('typed lists split on commas and spaces', () => {
    expect(listEntries(' printer, toner  scanner;;')).toEqual(['printer', 'toner', 'scanner']);
  });

  test('a saved rule reads back into the editor and out into the same body', () => {
    const trigger: TTrigger = {
      id: '00000000-0000-4000-8000-0000000000f1',
      name: 'Printers',
      position: 0,
      isEnabled: true,
      runOn: 'created',
      conditions: [
        { type: 'title_words', in: ['printer', 'toner'] },
        { type: 'team', in: ['none'] },
      ],
      actions: [
        { type: 'assign_team', teamId: TEAM },
        { type: 'add_note', text: 'Check the toner.' },
      ],
      createdAt: '',
      updatedAt: '',
    };
    const state = triggerFormState(trigger);
    expect(state.conditions[0]?.text).toBe('printer, toner');
    expect(triggerRequest(state)).toEqual({
      name: 'Printers',
      isEnabled: true,
      runOn: 'created',
      conditions: trigger.conditions,
      actions: trigger.actions,
    });
    expect(unusedConditionTypes(state.conditions)).toEqual(['priority', 'category', 'requester_domain']);
  });
});
