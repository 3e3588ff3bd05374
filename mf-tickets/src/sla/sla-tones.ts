import type { TSlaTone } from './sla-text.ts';

/** Text colour per SLA tone: calm when on track or met, amber at risk, red overdue. */
export const SLA_TONE_CLASSES: Record<TSlaTone, string> = {
  ok: 'text-emerald-700',
  warning: 'text-amber-700',
  danger: 'text-red-600',
  done: 'text-muted-foreground',
};
