/** Latency buckets in seconds: fine below 100 ms where most API calls land, coarse up to the 15 s statement timeout. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15] as const;

type Histogram = { counts: number[]; sum: number; count: number };

/** Prometheus label values escape backslash, double quote and newline. */
function labelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function labels(pairs: Record<string, string>): string {
  return `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${labelValue(value)}"`)
    .join(',')}}`;
}

/**
 * Request counts by method, route pattern and status, and latency by route pattern. Keys are the
 * Elysia route patterns (never raw paths), so the number of series stays bounded by the route table.
 */
export class HttpMetrics {
  private readonly requests = new Map<
    string,
    { method: string; route: string; status: string; value: number }
  >();
  private readonly durations = new Map<string, Histogram>();

  /** Records one finished request. */
  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${route} ${status}`;
    const counter = this.requests.get(key) ?? { method, route, status: String(status), value: 0 };
    counter.value += 1;
    this.requests.set(key, counter);
    const histogram = this.durations.get(route) ?? {
      counts: DURATION_BUCKETS.map(() => 0),
      sum: 0,
      count: 0,
    };
    DURATION_BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) histogram.counts[index] = (histogram.counts[index] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.durations.set(route, histogram);
  }

  /** The counters and histograms in Prometheus text exposition format. */
  render(): string[] {
    const lines = [
      '# HELP http_requests_total HTTP requests answered, by method, route pattern and status.',
      '# TYPE http_requests_total counter',
    ];
    for (const { method, route, status, value } of this.requests.values()) {
      lines.push(`http_requests_total${labels({ method, route, status })} ${value}`);
    }
    lines.push(
      '# HELP http_request_duration_seconds Time to answer an HTTP request, by route pattern.',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const [route, histogram] of this.durations) {
      DURATION_BUCKETS.forEach((bound, index) => {
        lines.push(
          `http_request_duration_seconds_bucket${labels({ route, le: String(bound) })} ${histogram.counts[index] ?? 0}`,
        );
      });
      lines.push(`http_request_duration_seconds_bucket${labels({ route, le: '+Inf' })} ${histogram.count}`);
      lines.push(`http_request_duration_seconds_sum${labels({ route })} ${histogram.sum}`);
      lines.push(`http_request_duration_seconds_count${labels({ route })} ${histogram.count}`);
    }
    return lines;
  }
}

/** A gauge in Prometheus text format, one sample per label set. */
export function renderGauge(
  name: string,
  help: string,
  samples: { labels?: Record<string, string>; value: number }[],
) {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    ...samples.map((sample) => `${name}${sample.labels ? labels(sample.labels) : ''} ${sample.value}`),
  ];
}
