import { describe, expect, test } from 'bun:test';
import { KB_CATEGORY_ICONS } from '@helpdesk/contracts';
import { CATEGORY_ICONS } from '../kb/category-icons.ts';
import { categoryArticlesLabel, iconLabel, movedPosition } from './category-manage.ts';

const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('moving a category', () => {
  test('one step up or down is the neighbouring index', () => {
    expect(movedPosition(list, 'b', 'up')).toBe(0);
    expect(movedPosition(list, 'b', 'down')).toBe(2);
  });

  test('the first cannot go up, the last cannot go down, an unknown one nowhere', () => {
    expect(movedPosition(list, 'a', 'up')).toBeNull();
    expect(movedPosition(list, 'c', 'down')).toBeNull();
    expect(movedPosition(list, 'x', 'up')).toBeNull();
  });
});

describe('labels', () => {
  test('icon names read as words', () => {
    expect(iconLabel('BookOpen')).toBe('Book open');
    expect(iconLabel('KeyRound')).toBe('Key round');
    expect(iconLabel('Wifi')).toBe('Wifi');
  });

  test('article counts name drafts and archived ones only when there are some', () => {
    expect(categoryArticlesLabel({ articleCount: 3, totalArticleCount: 3 })).toBe('3 published');
    expect(categoryArticlesLabel({ articleCount: 0, totalArticleCount: 2 })).toBe(
      '0 published, 2 draft or archived',
    );
  });

  test('the UI draws exactly the icons the server accepts', () => {
    expect(Object.keys(CATEGORY_ICONS).sort()).toEqual([...KB_CATEGORY_ICONS].sort());
  });
});
