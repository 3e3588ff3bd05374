/**
 * Closed-loop saturation (how many requests a second an endpoint can take) with wrk, Debian's C load
 * generator, which costs far less CPU than anything in JavaScript on a 2-core machine. Requests
 * that vary (a comment on one of many tickets) are written as a wrk Lua script.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type LoadMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type LoadRequest = {
  method: LoadMethod;
  /** Paths on the base URL; requests cycle through them. */
  paths: readonly string[];
  /** Methods cycled alongside the paths (position by position), instead of `method` for all. */
  methods?: readonly LoadMethod[];
  headers: Record<string, string>;
  /** JSON bodies cycled alongside the paths (or one body for every request). */
  bodies?: readonly string[];
  /**
   * Whole header sets cycled alongside the paths, instead of `headers` (each simulated person's
   * own cookie): a request's set replaces `headers`, so it carries its Content-Type itself.
   */
  headerSets?: readonly Record<string, string>[];
};

export type SaturationResult = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
};

export function hasWrk(): boolean {
  return Bun.which('wrk') !== null;
}

const luaString = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * A wrk script that cycles through the paths (and bodies, and methods) position by position. The
 * `threads` share the positions (thread t takes t, t + threads, ...), so each position is sent once
 * per cycle: a write that must follow another on the same ticket (a resume after its hold) does.
 */
export function wrkScript(request: LoadRequest, threads = 1): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  const paths = request.paths.map(luaString).join(',\n  ');
  const bodies = (request.bodies ?? []).map(luaString).join(',\n  ');
  const methods = (request.methods ?? []).map(luaString).join(',\n  ');
  const headerSets = (request.headerSets ?? [])
    .map(
      (set) =>
        `{${Object.entries(set)
          .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
          .join(', ')}}`,
    )
    .join(',\n  ');
  return `wrk.method = ${luaString(request.method)}
${headers}
local paths = {
  ${paths}
}
local bodies = {
  ${bodies}
}
local methods = {
  ${methods}
}
local headerSets = {
  ${headerSets}
}
local started = 0
setup = function(thread)
  thread:set("id", started)
  started = started + 1
end
local n = 0
request = function()
  local p = n * ${threads} + (id or 0)
  n = n + 1
  local path = paths[(p % #paths) + 1]
  local body = nil
  if #bodies > 0 then body = bodies[(p % #bodies) + 1] end
  if body == "" then body = nil end
  local method = nil
  if #methods > 0 then method = methods[(p % #methods) + 1] end
  local headers = nil
  if #headerSets > 0 then headers = headerSets[(p % #headerSets) + 1] end
  return wrk.format(method, path, headers, body)
end
`;
}

function parseDurationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match?.[1]) return Number.NaN;
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 'us' ? value / 1000 : unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
}

/** Reads wrk's --latency report. */
export function parseWrkOutput(output: string): SaturationResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN);
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)?.[1];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, value) => sum + Number(value), 0) : 0;
  return {
    rps,
    requests,
    p50Ms: p50 ? parseDurationMs(p50) : Number.NaN,
    p99Ms: p99 ? parseDurationMs(p99) : Number.NaN,
    errors: non2xx + socketErrors,
  };
}

/** A read's warm-up before its saturated round (see `saturate`). */
const READ_WARMUP_SECONDS = 1;

/** Whether every request of `request` is a GET, which a warm-up may repeat without changing anything. */
export function readsOnly(request: LoadRequest): boolean {
  return request.method === 'GET' && (request.methods ?? []).every((method) => method === 'GET');
}

async function runWrk(
  baseUrl: string,
  script: string,
  options: { seconds: number; connections: number; threads: number },
): Promise<string> {
  const run = Bun.spawn(
    [
      'wrk',
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '5s',
      '--latency',
      '-s',
      script,
      baseUrl,
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  );
  const [output, errors, code] = await Promise.all([
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  if (code !== 0) throw new Error(`wrk failed (${code}): ${errors || output}`);
  return output;
}

/**
 * Saturates one endpoint with `connections` keep-alive connections for `seconds`. A read is first
 * loaded for READ_WARMUP_SECONDS, unmeasured: a saturation is the steady rate, and a route's first
 * second in a process (its code not yet compiled, its caches empty) measured that instead; each side
 * of a ratio gets the same warm-up. Writes are not repeated: a hold and its resume must alternate.
 */
export async function saturate(
  baseUrl: string,
  request: LoadRequest,
  options: { seconds: number; connections: number; threads: number },
): Promise<SaturationResult> {
  if (!hasWrk())
    throw new Error("wrk is not installed: 'apt-get install -y wrk' (Debian), then run the bench again");
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-'));
  try {
    const script = join(dir, 'request.lua');
    writeFileSync(script, wrkScript(request, options.threads));
    if (readsOnly(request)) await runWrk(baseUrl, script, { ...options, seconds: READ_WARMUP_SECONDS });
    return parseWrkOutput(await runWrk(baseUrl, script, options));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
