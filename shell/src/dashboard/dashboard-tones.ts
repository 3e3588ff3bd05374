import type { TDashboardTone } from '@helpdesk/contracts';
import { DASHBOARD_TONES } from '@helpdesk/contracts/constants';

/** The classes one palette name stands for: a soft background, readable text and a solid fill. */
export type TToneClasses = { soft: string; text: string; solid: string };

// Whole class names spelled out so Tailwind finds them; the server only ever sends the palette name.
const TONE_CLASSES: Record<TDashboardTone, TToneClasses> = {
  blue: { soft: 'bg-blue-100', text: 'text-blue-700', solid: 'bg-blue-500' },
  green: { soft: 'bg-emerald-100', text: 'text-emerald-700', solid: 'bg-emerald-500' },
  amber: { soft: 'bg-amber-100', text: 'text-amber-700', solid: 'bg-amber-500' },
  red: { soft: 'bg-red-100', text: 'text-red-700', solid: 'bg-red-500' },
  purple: { soft: 'bg-violet-100', text: 'text-violet-700', solid: 'bg-violet-500' },
  teal: { soft: 'bg-teal-100', text: 'text-teal-700', solid: 'bg-teal-500' },
  slate: { soft: 'bg-slate-100', text: 'text-slate-700', solid: 'bg-slate-400' },
};

const isTone = (value: string): value is TDashboardTone =>
  (DASHBOARD_TONES as readonly string[]).includes(value);

/** The classes of a palette name; anything else (a newer server's tone, a typo) falls back to slate. */
export function toneClasses(tone: string): TToneClasses {
  return isTone(tone) ? TONE_CLASSES[tone] : TONE_CLASSES.slate;
}
