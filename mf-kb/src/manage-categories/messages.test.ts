import { expect, test } from 'bun:test';
import { KB_CATEGORY_ICONS } from '@helpdesk/contracts';
import { translate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import { iconLabel } from './category-manage.ts';
import english from './messages.en.json';
import { CATEGORY_ICON_MESSAGES } from './messages.ts';

test('every offered icon has a label, in English the icon’s name in words', () => {
  const en = kbCatalog(english).peek('en')!;
  for (const icon of KB_CATEGORY_ICONS)
    expect(translate(en, CATEGORY_ICON_MESSAGES[icon])).toBe(iconLabel(icon));
});
