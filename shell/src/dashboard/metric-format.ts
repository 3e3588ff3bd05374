import type { TDashboardMetrics } from '@helpdesk/contracts';
import { formatHours } from '@helpdesk/shared-ui';
import { formatNumber, SOURCE_LOCALE, type TLocale, type TTranslate } from '@helpdesk/shared-ui/i18n';
import { dashboardEnglish, type TDashboardMessageId } from './messages.ts';

export type TMetricKey = keyof TDashboardMetrics;

export type TMetricCard = {
  key: TMetricKey;
  label: string;
  value: string;
  hint: string;
  /** Drawn in the danger colour: something needs attention. */
  isAlert: boolean;
};

/**
 * A whole count with the reader's thousands separators: 1234 is '1,234' in English, '1.234' in German;
 * anything that is not a number shows as '0'.
 */
export function formatCount(value: number, locale: TLocale = SOURCE_LOCALE): string {
  return Number.isFinite(value) ? formatNumber(Math.round(value), locale, { maximumFractionDigits: 0 }) : '0';
}

/**
 * The four metric cards of the dashboard, in the spec's order, with their display values; labels in the
 * language of `t` (the dashboard's translate function; English by default).
 */
export function metricCards(
  metrics: TDashboardMetrics,
  t: TTranslate<TDashboardMessageId> = dashboardEnglish,
  locale: TLocale = SOURCE_LOCALE,
): TMetricCard[] {
  const hours = Number.isFinite(metrics.avgResolutionHours) ? metrics.avgResolutionHours : 0;
  return [
    {
      key: 'openTickets',
      label: t('metrics.openTickets'),
      value: formatCount(metrics.openTickets, locale),
      hint: t('metrics.openTicketsHint'),
      isAlert: false,
    },
    {
      key: 'resolvedToday',
      label: t('metrics.resolvedToday'),
      value: formatCount(metrics.resolvedToday, locale),
      hint: t('metrics.resolvedTodayHint'),
      isAlert: false,
    },
    {
      key: 'avgResolutionHours',
      label: t('metrics.avgResolution'),
      value: formatHours(hours),
      hint: t('metrics.avgResolutionHint'),
      isAlert: false,
    },
    {
      key: 'slaBreaches',
      label: t('metrics.slaBreaches'),
      value: formatCount(metrics.slaBreaches, locale),
      hint: t('metrics.slaBreachesHint'),
      isAlert: metrics.slaBreaches > 0,
    },
  ];
}

/** A percentage for a bar's width: clamped to 0-100, and 0 for anything that is not a number. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
