import type { TKbCategoryIcon } from '@helpdesk/contracts';
import {
  BookOpen,
  Cloud,
  Database,
  FileText,
  Globe,
  Headphones,
  KeyRound,
  Laptop,
  Lightbulb,
  Lock,
  type LucideIcon,
  Mail,
  Monitor,
  Network,
  Printer,
  Rocket,
  Server,
  Settings,
  Shield,
  Smartphone,
  Users,
  Wifi,
  Wrench,
} from 'lucide-react';

/**
 * Icons a category may name (kb_categories.icon holds a lucide name): the contracts' KB_CATEGORY_ICONS,
 * which the server validates against, each to its component. A fixed list instead of the whole icon set,
 * which would put every lucide icon into this remote's bundle.
 */
export const CATEGORY_ICONS: Record<TKbCategoryIcon, LucideIcon> = {
  BookOpen,
  Cloud,
  Database,
  FileText,
  Globe,
  Headphones,
  KeyRound,
  Laptop,
  Lightbulb,
  Lock,
  Mail,
  Monitor,
  Network,
  Printer,
  Rocket,
  Server,
  Settings,
  Shield,
  Smartphone,
  Users,
  Wifi,
  Wrench,
};

/** The lucide icon a category names, or BookOpen (the default) for a name this list lacks. */
export function categoryIcon(name: string | null | undefined): LucideIcon {
  return (name && Object.hasOwn(CATEGORY_ICONS, name) && CATEGORY_ICONS[name as TKbCategoryIcon]) || BookOpen;
}
