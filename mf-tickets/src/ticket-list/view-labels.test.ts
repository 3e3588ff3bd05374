import { describe, expect, test } from 'bun:test';
import { TICKET_VIEW_LABELS, type TTicketView } from '@helpdesk/contracts';
import { PRIORITY_FILTER_OPTIONS, VIEW_LABEL_IDS, withAllLabel } from './list-filters.ts';
import { ticketListEnglish } from './messages.ts';

describe('the views’ names from the catalogue', () => {
  test('every view has its id, whose English is the name the contracts give it', () => {
    for (const view of Object.keys(TICKET_VIEW_LABELS) as TTicketView[]) {
      expect(ticketListEnglish(VIEW_LABEL_IDS[view])).toBe(TICKET_VIEW_LABELS[view]);
    }
  });
});

describe('withAllLabel', () => {
  test("renames only the 'all' choice, keeping the order and the values", () => {
    const options = withAllLabel(PRIORITY_FILTER_OPTIONS, 'Alle Prioritäten');
    expect(options[0]).toEqual({ value: 'all', label: 'Alle Prioritäten' });
    expect(options.slice(1)).toEqual(PRIORITY_FILTER_OPTIONS.slice(1));
    expect(options.map((option) => option.value)).toEqual(PRIORITY_FILTER_OPTIONS.map((o) => o.value));
  });
});
