import { describe, expect, test } from 'bun:test';
import { accessDeniedText, inactiveAccountText } from '../access-denied/access-texts.ts';
import { metricCards } from '../dashboard/metric-format.ts';
import { navGroupsFor } from '../layout/nav-items.ts';
import { aroundPart, PART_MARK } from './shell-catalog.ts';

// A translate function that answers with the id and its values: proves each label is the catalogue's.
const echo = (id: string, values?: Record<string, unknown>) =>
  values ? `${id}${JSON.stringify(values)}` : id;

describe('labels built outside components follow the translate function they are given', () => {
  test('the navigation', () => {
    expect(
      navGroupsFor('admin', echo).map((group) => [group.label, group.items.map((item) => item.label)]),
    ).toEqual([
      [null, ['nav.dashboard', 'nav.allTickets', 'nav.knowledgeBase']],
      [
        'nav.administration',
        ['nav.users', 'nav.settings', 'nav.reports', 'nav.serviceLevels', 'nav.automation'],
      ],
    ]);
    expect(navGroupsFor('end_user', echo)[0]?.items[1]?.label).toBe('nav.myTickets');
  });

  test('the metric cards, their counts in the reader’s own digits', () => {
    const metrics = { openTickets: 1234, resolvedToday: 7, avgResolutionHours: 3.25, slaBreaches: 2 };
    const cards = metricCards(metrics, echo, 'de');
    expect(cards.map((card) => [card.label, card.hint])).toEqual([
      ['metrics.openTickets', 'metrics.openTicketsHint'],
      ['metrics.resolvedToday', 'metrics.resolvedTodayHint'],
      ['metrics.avgResolution', 'metrics.avgResolutionHint'],
      ['metrics.slaBreaches', 'metrics.slaBreachesHint'],
    ]);
    expect(cards[0]?.value).toBe('1.234');
  });

  test('the guard’s alerts, roles named in the reader’s words', () => {
    expect(accessDeniedText('admin', echo)).toBe('session.accessDeniedOne{"role":"session.roleAdmin"}');
    expect(accessDeniedText(['admin', 'agent'], echo)).toBe(
      'session.accessDeniedMany{"roles":"session.roleAdmin, session.roleAgent"}',
    );
    expect(inactiveAccountText('pending', echo)).toBe('session.inactivePending');
  });
});

describe('aroundPart', () => {
  test('splits a translated sentence where its part goes, wherever the language put it', () => {
    expect(aroundPart(`Module ${PART_MARK} did not load.`)).toEqual(['Module ', ' did not load.']);
    expect(aroundPart(`${PART_MARK} n'a pas été chargé.`)).toEqual(['', " n'a pas été chargé."]);
    expect(aroundPart('no part')).toEqual(['no part', '']);
  });
});
