import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TReport,
  type TReportBucket,
} from '@helpdesk/contracts';
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

const withLabels = <T extends { date: string }>(points: readonly T[], bucket: TReportBucket) =>
  points.map((p) => ({ ...p, label: bucketLabel(p.date, bucket) }));

function VolumeChart({ report }: { report: Extract<TReport, { type: 'overview' | 'trends' }> }) {
  return (
    <ChartFrame label="Tickets created and resolved over time">
      <AreaChart data={withLabels(report.volume, report.bucket)} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        <Area
          type="monotone"
          dataKey="created"
          name="Created"
          stroke="var(--chart-1)"
          fill="var(--chart-1)"
          fillOpacity={0.15}
          animationDuration={ANIMATION_MS}
        />
        <Area
          type="monotone"
          dataKey="resolved"
          name="Resolved"
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
  return (
    <ChartFrame label={label}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="name" width={120} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Bar animationDuration={ANIMATION_MS} dataKey="count" name="Tickets" radius={[0, 4, 4, 0]}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

function CategoryTrendChart({ report }: { report: Extract<TReport, { type: 'trends' }> }) {
  return (
    <ChartFrame label="Tickets created by category over time">
      <BarChart data={withLabels(report.byCategory, report.bucket)} margin={{ top: 8, right: 8, left: -16 }}>
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
            name={TICKET_CATEGORY_LABELS[category]}
            stackId="category"
            fill={CATEGORY_COLORS[index % CATEGORY_COLORS.length]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function PriorityTrendChart({ report }: { report: Extract<TReport, { type: 'trends' }> }) {
  return (
    <ChartFrame label="Tickets created by priority over time">
      <BarChart data={withLabels(report.byPriority, report.bucket)} margin={{ top: 8, right: 8, left: -16 }}>
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
            name={TICKET_PRIORITY_LABELS[priority]}
            stackId="priority"
            fill={PRIORITY_COLORS[priority]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function AgentResolvedChart({ report }: { report: Extract<TReport, { type: 'performance' }> }) {
  const data = report.agents.map((a) => ({ name: a.name, resolved: a.resolved, open: a.openAssigned }));
  return (
    <ChartFrame label="Tickets resolved per agent">
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="resolved"
          name="Resolved"
          fill="var(--chart-5)"
          radius={[4, 4, 0, 0]}
        />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="open"
          name="Open assigned"
          fill="var(--chart-3)"
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartFrame>
  );
}

function ResponseTimesChart({ report }: { report: Extract<TReport, { type: 'performance' }> }) {
  return (
    <ChartFrame label="Average first response and resolution hours over time">
      <LineChart
        data={withLabels(report.responseTimes, report.bucket)}
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
          name="First response (h)"
          stroke="var(--chart-1)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
        <Line
          type="linear"
          dataKey="avgResolutionHours"
          name="Resolution (h)"
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
  return (
    <ChartFrame label="SLA compliance over time">
      <LineChart data={withLabels(report.series, report.bucket)} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis domain={[0, 100]} tick={AXIS_TICK} unit="%" />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        <Line
          type="linear"
          dataKey="responseCompliance"
          name="Response compliance (%)"
          stroke="var(--chart-1)"
          connectNulls
          dot={false}
          animationDuration={ANIMATION_MS}
        />
        <Line
          type="linear"
          dataKey="resolutionCompliance"
          name="Resolution compliance (%)"
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
  const data = report.byPriority.map((p) => ({
    name: TICKET_PRIORITY_LABELS[p.priority],
    met: p.responseMet + p.resolutionMet,
    breached: p.responseBreached + p.resolutionBreached,
  }));
  return (
    <ChartFrame label="SLA targets met and breached by priority">
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
        <Legend itemSorter={null} />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="met"
          name="Targets met"
          stackId="sla"
          fill="var(--chart-5)"
        />
        <Bar
          animationDuration={ANIMATION_MS}
          dataKey="breached"
          name="Targets breached"
          stackId="sla"
          fill="var(--chart-4)"
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartFrame>
  );
}

function KnowledgeActivityChart({ report }: { report: Extract<TReport, { type: 'knowledge' }> }) {
  return (
    <ChartFrame label="Knowledge base activity over time">
      <AreaChart data={withLabels(report.activity, report.bucket)} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend itemSorter={null} />
        {(
          [
            ['reads', 'Articles read', 'var(--chart-1)'],
            ['searchesWithoutResult', 'Searches with no result', 'var(--chart-4)'],
            ['deflections', 'Deflections', 'var(--chart-5)'],
          ] as const
        ).map(([key, name, color]) => (
          <Area
            key={key}
            type="monotone"
            dataKey={key}
            name={name}
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
  switch (report.type) {
    case 'overview':
      if (sectionKey === 'volume') return <VolumeChart report={report} />;
      if (sectionKey === 'byCategory') {
        return (
          <CountBars
            label="Tickets by category"
            data={report.byCategory.map((c, index) => ({
              name: TICKET_CATEGORY_LABELS[c.category],
              count: c.count,
              color: CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? 'var(--chart-1)',
            }))}
          />
        );
      }
      if (sectionKey === 'byPriority') {
        return (
          <CountBars
            label="Tickets by priority"
            data={report.byPriority.map((p) => ({
              name: TICKET_PRIORITY_LABELS[p.priority],
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
            label="Most read articles"
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
