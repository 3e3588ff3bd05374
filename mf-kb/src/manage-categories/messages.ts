import type { TKbCategoryIcon } from '@helpdesk/contracts';
import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The Manage categories dialog's texts in the reader's language; they load with the dialog. */
export function useCategoriesT() {
  return useTranslate(catalog);
}

/** Each icon's name as a person reads it (the icon radios' labels), by message id. */
export const CATEGORY_ICON_MESSAGES = {
  BookOpen: 'categories.icon.BookOpen',
  Cloud: 'categories.icon.Cloud',
  Database: 'categories.icon.Database',
  FileText: 'categories.icon.FileText',
  Globe: 'categories.icon.Globe',
  Headphones: 'categories.icon.Headphones',
  KeyRound: 'categories.icon.KeyRound',
  Laptop: 'categories.icon.Laptop',
  Lightbulb: 'categories.icon.Lightbulb',
  Lock: 'categories.icon.Lock',
  Mail: 'categories.icon.Mail',
  Monitor: 'categories.icon.Monitor',
  Network: 'categories.icon.Network',
  Printer: 'categories.icon.Printer',
  Rocket: 'categories.icon.Rocket',
  Server: 'categories.icon.Server',
  Settings: 'categories.icon.Settings',
  Shield: 'categories.icon.Shield',
  Smartphone: 'categories.icon.Smartphone',
  Users: 'categories.icon.Users',
  Wifi: 'categories.icon.Wifi',
  Wrench: 'categories.icon.Wrench',
} as const satisfies Record<TKbCategoryIcon, keyof typeof english>;
