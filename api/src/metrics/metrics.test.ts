import { describe, expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts';
import { BASE_URL, signedIn } from '../../test/helpers.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { HttpMetrics } from './registry.ts';

const scrape = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/metrics`, { headers });

function sample(body: string, name: string, labels: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/metrics', () => {
  test('counts requests by route pattern and status, never the raw path with ids', async () => {
    const { client } = await signedIn('end_user');
    const missingId = crypto.randomUUID();
    await client.get(`${API_PATHS.tickets}/${missingId}`);
    await client.get(API_PATHS.authMe);
    const response = await scrape(BASE_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const body = await response.text();
    expect(body).toContain('# TYPE http_requests_total counter');
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).not.toContain(missingId);
    expect(
      sample(body, 'http_requests_total', `method="GET",route="${API_PATHS.tickets}/:id",status="404"`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(body, 'http_requests_total', `method="GET",route="${API_PATHS.authMe}",status="200"`),
    ).toBeGreaterThanOrEqual(1);
    const count = sample(body, 'http_request_duration_seconds_count', `route="${API_PATHS.authMe}"`) ?? 0;
    expect(
      sample(body, 'http_request_duration_seconds_bucket', `route="${API_PATHS.authMe}",le="+Inf"`),
    ).toBe(count);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^helpdesk_db_pool_connections\{state="[a-z ]+"\} \d+$/m);
    expect(body).toContain('helpdesk_db_up 1');
    expect(body).toMatch(/^process_uptime_seconds \d+(\.\d+)?$/m);
  });

  test('a request that came through a proxy is refused with 404, even from loopback', async () => {
    const response = await scrape(BASE_URL, { 'x-forwarded-for': '203.0.113.9' });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_requests_total');
  });

  test('with METRICS_TOKEN only the bearer token is accepted', async () => {
    const token = 'metrics-token-0123456789';
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      NODE_ENV: 'test',
      METRICS_TOKEN: token,
    });
    const app = createApp({ config, log: { info: () => {}, error: () => {} } });
    app.listen({ hostname: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${app.server?.port}`;
    try {
      expect((await scrape(base)).status).toBe(404);
      expect((await scrape(base, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(404);
      const ok = await scrape(base, { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('http_requests_total');
    } finally {
      await app.stop(true);
    }
  });

  test('a short METRICS_TOKEN is a configuration error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@y/z', METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
  });
});

describe('HttpMetrics', () => {
  test('buckets are cumulative and label values are escaped', () => {
    const metrics = new HttpMetrics();
    metrics.observe('GET', '/a"b', 200, 0.02);
    metrics.observe('GET', '/a"b', 500, 3);
    const lines = metrics.render();
    expect(lines).toContain('http_requests_total{method="GET",route="/a\\"b",status="500"} 1');
    expect(lines).toContain('http_request_duration_seconds_bucket{route="/a\\"b",le="0.01"} 0');
    expect(lines).toContain('http_request_duration_seconds_bucket{route="/a\\"b",le="0.025"} 1');
    expect(lines).toContain('http_request_duration_seconds_bucket{route="/a\\"b",le="5"} 2');
    expect(lines).toContain('http_request_duration_seconds_count{route="/a\\"b"} 2');
  });
});
