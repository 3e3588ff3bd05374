import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TReport, type TReportBucket } from '@helpdesk/contracts';
import { type TLocale, useLocale } from '@helpdesk/shared-ui/i18n';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type TReportsT, useReportsT } from './messages.ts';
import { CATEGORY_LABEL_IDS, PRIORITY_LABEL_IDS } from './report-texts.ts';
import { bucketLabel } from './report-view-model.ts';

const CHART_HEIGHT = 260;
// Short enough that a freshly switched report is readable at once.
const ANIMATION_MS = 400;
const AXIS_TICK = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP_STYLE = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
};

const CATEGORY_COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
];
const PRIORITY_COLORS: Record<(typeof TICKET_PRIORITIES)[number], string> = {
  low: 'var(--chart-2)',
  medium: 'var(--chart-1)',
  high: 'var(--chart-3)',
  critical: 'var(--chart-4)',
};

function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="m-0 w-full" aria-label={label}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

const withLabels = <T extends { date: string }>(
  points: readonly T[],
  bucket: TReportBucket,
  locale: TLocale,
) => points.map((p) => ({ ...p, label: bucketLabel(p.date, bucket, locale) }));

/** The chart texts and the reader's language, for the axis labels' month names. */
function useChartTexts(): { t: TReportsT; locale: TLocale } {
  return { t: useReportsT(), locale: useLocale() };
}

function VolumeChart({ report }: { report: Extract<TReport, { type: 'overview' | 'trends' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.chart.volume')}>
      <AreaChart
        data={withLabels(report.volume, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        <Area
          type="monotone"
          dataKey="created"
          name={t('reports.text.created')}
          stroke="var(--chart-1)"
          fill="var(--chart-1)"
          fillOpacity={0.15}
          animationDuration={ANIMATION_MS}
        />
        <Area
          type="monotone"
          dataKey="resolved"
          name={t('reports.text.resolved')}
          stroke="var(--chart-5)"
          fill="var(--chart-5)"
          fillOpacity={0.15}
          animationDuration={ANIMATION_MS}
        />
      </AreaChart>
    </ChartFrame>
  );
}

function CountBars({
  label,
  data,
}: {
  label: string;
  data: { name: string; count: number; color: string }[];
}) {
  const t = useReportsT();
  return (
    <ChartFrame label={label}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="name" width={120} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="count"
          name={t('reports.text.tickets')}
          radius={[0, 4, 4, 0]}
        >
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

function CategoryTrendChart({ report }: { report: Extract<TReport, { type: 'trends' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.chart.categoryTrend')}>
      <BarChart
        data={withLabels(report.byCategory, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        {TICKET_CATEGORIES.map((category, index) => (
          <Bar
            animationDuration={ANIMATION_MS}
            key={category}
            dataKey={category}
            name={t(CATEGORY_LABEL_IDS[category])}
            stackId="category"
            fill={CATEGORY_COLORS[index % CATEGORY_COLORS.length]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function PriorityTrendChart({ report }: { report: Extract<TReport, { type: 'trends' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.chart.priorityTrend')}>
      <BarChart
        data={withLabels(report.byPriority, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        {TICKET_PRIORITIES.map((priority) => (
          <Bar
            animationDuration={ANIMATION_MS}
            key={priority}
            dataKey={priority}
            name={t(PRIORITY_LABEL_IDS[priority])}
            stackId="priority"
            fill={PRIORITY_COLORS[priority]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function AgentResolvedChart({ report }: { report: Extract<TReport, { type: 'performance' }> }) {
  const t = useReportsT();
  const data = report.agents.map((a) => ({ name: a.name, resolved: a.resolved, open: a.openAssigned }));
  return (
    <ChartFrame label={t('reports.chart.agentResolved')}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="resolved"
          name={t('reports.text.resolved')}
          fill="var(--chart-5)"
          radius={[4, 4, 0, 0]}
        />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="open"
          name={t('reports.text.openAssigned')}
          fill="var(--chart-3)"
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartFrame>
  );
}

function ResponseTimesChart({ report }: { report: Extract<TReport, { type: 'performance' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.chart.responseTimes')}>
      <LineChart
        data={withLabels(report.responseTimes, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis tick={AXIS_TICK} unit="h" />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        <Line
          type="linear"
          dataKey="avgFirstResponseHours"
          name={t('reports.legend.firstResponseHours')}
          stroke="var(--chart-1)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
        <Line
          type="linear"
          dataKey="avgResolutionHours"
          name={t('reports.legend.resolutionHours')}
          stroke="var(--chart-5)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
      </LineChart>
    </ChartFrame>
  );
}

function SlaSeriesChart({ report }: { report: Extract<TReport, { type: 'sla' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.text.slaComplianceOverTime')}>
      <LineChart
        data={withLabels(report.series, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis domain={[0, 100]} tick={AXIS_TICK} unit="%" />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        <Line
          type="linear"
          dataKey="responseCompliance"
          name={t('reports.legend.responseCompliance')}
          stroke="var(--chart-1)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
        <Line
          type="linear"
          dataKey="resolutionCompliance"
          name={t('reports.legend.resolutionCompliance')}
          stroke="var(--chart-5)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
      </LineChart>
    </ChartFrame>
  );
}

function SlaByPriorityChart({ report }: { report: Extract<TReport, { type: 'sla' }> }) {
  const t = useReportsT();
  const data = report.byPriority.map((p) => ({
    name: t(PRIORITY_LABEL_IDS[p.priority]),
    met: p.responseMet + p.resolutionMet,
    breached: p.responseBreached + p.resolutionBreached,
  }));
  return (
    <ChartFrame label={t('reports.chart.slaByPriority')}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="met"
          name={t('reports.legend.targetsMet')}
          stackId="sla"
          fill="var(--chart-5)"
        />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="breached"
          name={t('reports.legend.targetsBreached')}
          stackId="sla"
          fill="var(--chart-4)"
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartFrame>
  );
}

function KnowledgeActivityChart({ report }: { report: Extract<TReport, { type: 'knowledge' }> }) {
  const { t, locale } = useChartTexts();
  return (
    <ChartFrame label={t('reports.chart.knowledgeActivity')}>
      <AreaChart
        data={withLabels(report.activity, report.bucket, locale)}
        margin={{ top: 8, right: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        {(
          [
            ['reads', 'reports.text.articlesRead', 'var(--chart-1)'],
            ['searchesWithoutResult', 'reports.text.searchesWithNoResult', 'var(--chart-4)'],
            ['deflections', 'reports.text.deflections', 'var(--chart-5)'],
          ] as const
        ).map(([key, name, color]) => (
          <Area
            key={key}
            type="monotone"
            dataKey={key}
            name={t(name)}
            stroke={color}
            fill={color}
            fillOpacity={0.15}
            animationDuration={ANIMATION_MS}
          />
        ))}
      </AreaChart>
    </ChartFrame>
  );
}

/** The chart of one report section (by its table's key), or null when the section has none. */
export function ReportSectionChart({ report, sectionKey }: { report: TReport; sectionKey: string }) {
  const t = useReportsT();
  switch (report.type) {
    case 'overview':
      if (sectionKey === 'volume') return <VolumeChart report={report} />;
      if (sectionKey === 'byCategory') {
        return (
          <CountBars
            label={t('reports.text.ticketsByCategory')}
            data={report.byCategory.map((c, index) => ({
              name: t(CATEGORY_LABEL_IDS[c.category]),
              count: c.count,
              color: CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? 'var(--chart-1)',
            }))}
          />
        );
      }
      if (sectionKey === 'byPriority') {
        return (
          <CountBars
            label={t('reports.text.ticketsByPriority')}
            data={report.byPriority.map((p) => ({
              name: t(PRIORITY_LABEL_IDS[p.priority]),
              count: p.count,
              color: PRIORITY_COLORS[p.priority],
            }))}
          />
        );
      }
      return null;
    case 'performance':
      if (sectionKey === 'agents') return <AgentResolvedChart report={report} />;
      if (sectionKey === 'responseTimes') return <ResponseTimesChart report={report} />;
      return null;
    case 'trends':
      if (sectionKey === 'volume') return <VolumeChart report={report} />;
      if (sectionKey === 'byCategory') return <CategoryTrendChart report={report} />;
      if (sectionKey === 'byPriority') return <PriorityTrendChart report={report} />;
      return null;
    case 'sla':
      if (sectionKey === 'series') return <SlaSeriesChart report={report} />;
      if (sectionKey === 'byPriority') return <SlaByPriorityChart report={report} />;
      return null;
    case 'knowledge':
      if (sectionKey === 'activity') return <KnowledgeActivityChart report={report} />;
      if (sectionKey === 'mostRead') {
        return (
          <CountBars
            label={t('reports.text.mostReadArticles')}
            data={report.mostRead.map((a, index) => ({
              name: a.title,
              count: a.reads,
              color: CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? 'var(--chart-1)',
            }))}
          />
        );
      }
      return null;
  }
}
