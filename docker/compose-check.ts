/**
 * Static checks of docker-compose.yml, since Docker cannot run where the tests run: every service
 * buildable, health-checked where it serves, no committed secret, and ports and URLs that agree with
 * each other and with tooling/src/ports.ts. Each check returns problems as sentences; none means it is fine.
 */
import { BlockList, isIP } from 'node:net';
import { REMOTE_NAMES, type TRemoteName } from '../contracts/src/remotes.ts';

export type DefaultPorts = { shell: number; api: number; mfTickets: number; mfKb: number; mfAdmin: number };

/** What a check may read besides the compose text: Dockerfiles and app folders, by repo-relative path. */
export type RepoReader = {
  readText: (path: string) => string | null;
  isAppDir: (path: string) => boolean;
  exists: (path: string) => boolean;
};

type Service = {
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, unknown> | string[];
  ports?: unknown[];
  expose?: unknown[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  volumes?: unknown[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
};

type Networks = Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;

const STATIC_APPS: Record<string, { portKey: keyof DefaultPorts; remote?: TRemoteName }> = {
  shell: { portKey: 'shell' },
  'mf-tickets': { portKey: 'mfTickets', remote: 'mf_tickets' },
  'mf-kb': { portKey: 'mfKb', remote: 'mf_kb' },
  'mf-admin': { portKey: 'mfAdmin', remote: 'mf_admin' },
};

const SECRET_NAME = /PASSWORD|SECRET|TOKEN|PRIVATE|API_KEY|_KEY$|CREDENTIAL/i;
// A secret may only be a variable reference: required (${X:?msg}, ${X}) or empty by default (${X:-}).
const SECRET_REFERENCE = /^(\$\{[A-Z0-9_]+(:?\?[^}]*)?\}|\$\{[A-Z0-9_]+:?-\})?$/;

/** Docker Compose interpolation with no variables set: defaults apply, required ones get a placeholder. */
export function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z0-9_]+)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced, op, arg) => {
      if (match === '$$') return '$';
      if (braced === undefined) return '';
      if (op === ':-' || op === '-') return arg;
      if (op === ':?' || op === '?') return `<${braced}>`;
      return '';
    },
  );
}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const [key = '', ...rest] = String(entry).split('=');
        return [key, rest.join('=')];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

/**
 * The images a Dockerfile builds FROM, with the build args declared before the first FROM (the only
 * ones a FROM can use) replaced by their defaults, as `docker build` without --build-arg does.
 */
export function baseImages(dockerfile: string): string[] {
  const firstFrom = dockerfile.search(/^FROM\s/im);
  const globalArgs = new Map<string, string>();
  for (const match of dockerfile.slice(0, Math.max(firstFrom, 0)).matchAll(/^ARG\s+(\w+)=(\S+)/gim)) {
    globalArgs.set(match[1] ?? '', match[2] ?? '');
  }
  return [...dockerfile.matchAll(/^FROM\s+(\S+)/gim)].map((match) =>
    (match[1] ?? '').replace(
      /\$\{(\w+)\}|\$(\w+)/g,
      (_, braced, bare) => globalArgs.get(braced ?? bare) ?? '',
    ),
  );
}

/** `"host:container"` (optionally with an IP and /tcp) after interpolation. */
function parsePorts(service: Service): { host: number; container: number }[] {
  return (service.ports ?? []).map((entry) => {
    const parts = interpolate(String(entry))
      .replace(/\/(tcp|udp)$/, '')
      .split(':');
    const container = Number(parts.at(-1));
    const host = parts.length >= 2 ? Number(parts.at(-2)) : Number.NaN;
    return { host, container };
  });
}

function healthcheckText(service: Service): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.map(String).join(' ') : String(test ?? '');
}

function urlOrNull(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** Every problem found in the compose text; an empty list means the file passes. */
export function checkCompose(composeText: string, ports: DefaultPorts, repo: RepoReader): string[] {
  const problems: string[] = [];
  let parsed: unknown;
  try {
    parsed = Bun.YAML.parse(composeText);
  } catch (error) {
    return [
      `docker-compose.yml is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    ];
  }
  const root = (parsed ?? {}) as {
    services?: Record<string, Service>;
    volumes?: Record<string, unknown>;
    networks?: Networks;
  };
  const services = root.services ?? {};
  const names = Object.keys(services);
  for (const required of ['postgres', 'api', ...Object.keys(STATIC_APPS)]) {
    if (!services[required]) problems.push(`service '${required}' is missing`);
  }

  for (const [name, service] of Object.entries(services)) {
    if (!service.build && !service.image) problems.push(`service '${name}' has neither build nor image`);
    const serves =
      (service.ports?.length ?? 0) > 0 || (service.expose?.length ?? 0) > 0 || name === 'postgres';
    if (serves && (!service.healthcheck?.test || service.healthcheck.disable)) {
      problems.push(`service '${name}' serves but has no health check`);
    }
    const env = environmentOf(service);
    const args = typeof service.build === 'object' ? (service.build.args ?? {}) : {};
    for (const [key, raw] of [
      ...Object.entries(env),
      ...Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]),
    ]) {
      if (SECRET_NAME.test(key) && !SECRET_REFERENCE.test(raw ?? '')) {
        problems.push(
          `service '${name}': ${key} is committed in the file; take it from a required \${VARIABLE}`,
        );
      }
      const credentials = /:\/\/[^:/@\s]+:([^@\s]*)@/.exec(raw ?? '');
      if (credentials && !/^\$\{[A-Z0-9_]+(:?\?[^}]*)?\}$/.test(credentials[1] ?? '')) {
        problems.push(
          `service '${name}': ${key} has a password in its URL; take it from a required \${VARIABLE}`,
        );
      }
    }
    if (typeof service.build === 'object' || typeof service.build === 'string') {
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      const context = (build.context ?? '.').replace(/^\.\/?/, '');
      const dockerfile = [context, build.dockerfile ?? 'Dockerfile'].filter(Boolean).join('/');
      const text = repo.readText(dockerfile);
      if (text === null) {
        problems.push(`service '${name}': ${dockerfile} does not exist`);
      } else {
        const froms = baseImages(text);
        if (froms.length === 0) problems.push(`${dockerfile} has no FROM`);
        // A COPY from the build context of a file that is not in the repo fails only at docker build time.
        for (const match of text.matchAll(/^COPY\s+(?!--from)(.+)$/gim)) {
          const sources = (match[1] ?? '').trim().split(/\s+/).slice(0, -1);
          for (const source of sources.filter((path) => !path.includes('$'))) {
            if (!repo.exists(source))
              problems.push(`${dockerfile}: COPY ${source}: no such file in the repo`);
          }
        }
        for (const from of froms) {
          if (!/^oven\/bun:\d+\.\d+\.\d+(-[a-z]+)?$/.test(from)) {
            problems.push(
              `${dockerfile}: FROM ${from} is not the official Bun image pinned to a version (oven/bun:X.Y.Z)`,
            );
          }
        }
      }
    }
  }

  const postgres = services.postgres;
  if (postgres) {
    if (!/^postgres:\d+(\.\d+)?(-[a-z0-9]+)?$/.test(postgres.image ?? '')) {
      problems.push(
        `service 'postgres' must use the official image pinned to a major (postgres:18), got '${postgres.image}'`,
      );
    }
    const volume = (postgres.volumes ?? [])
      .map(String)
      .find((entry) => entry.includes(':/var/lib/postgresql'));
    const volumeName = volume?.split(':')[0] ?? '';
    if (!volume || !root.volumes || !(volumeName in root.volumes)) {
      problems.push(`service 'postgres' must keep its data in a named volume declared under volumes:`);
    }
    if (!/pg_isready/.test(healthcheckText(postgres)))
      problems.push(`service 'postgres' health check must use pg_isready`);
  }

  const published = new Map<string, { host: number; container: number }>();
  const expectHostPort = (name: string, expected: number) => {
    const service = services[name];
    if (!service) return;
    const mapping = parsePorts(service)[0];
    if (!mapping || Number.isNaN(mapping.host)) {
      problems.push(`service '${name}' publishes no port (expected ${expected})`);
      return;
    }
    published.set(name, mapping);
    if (mapping.host !== expected) {
      problems.push(`service '${name}' publishes ${mapping.host}, but tooling/src/ports.ts says ${expected}`);
    }
    if (!healthcheckText(service).includes(`:${mapping.container}/`)) {
      problems.push(
        `service '${name}': its health check does not probe its container port ${mapping.container}`,
      );
    }
  };
  expectHostPort('api', ports.api);
  for (const [name, app] of Object.entries(STATIC_APPS)) expectHostPort(name, ports[app.portKey]);

  const api = services.api;
  if (api) {
    const env = environmentOf(api);
    const container = published.get('api')?.container;
    if (container !== undefined && Number(interpolate(env.API_PORT ?? '3001')) !== container) {
      problems.push(`service 'api': API_PORT ${env.API_PORT} is not its container port ${container}`);
    }
    if (!/\/api\/ready\b/.test(healthcheckText(api)))
      problems.push(`service 'api' health check must probe /api/ready`);
    const database = urlOrNull(interpolate(env.DATABASE_URL ?? ''));
    if (database?.hostname !== 'postgres' || (database.port || '5432') !== '5432') {
      problems.push(`service 'api': DATABASE_URL must point at the postgres service on 5432`);
    }
    const dependsOn = Array.isArray(api.depends_on) ? {} : (api.depends_on ?? {});
    if (dependsOn.postgres?.condition !== 'service_healthy') {
      problems.push(`service 'api' must depend on postgres being healthy (migrations run on start)`);
    }
    if (
      !env.ATTACHMENTS_DIR ||
      !(api.volumes ?? []).map(String).some((v) => v.endsWith(`:${env.ATTACHMENTS_DIR}`))
    ) {
      problems.push(`service 'api': ATTACHMENTS_DIR must be on a volume`);
    }
    const appBase = urlOrNull(interpolate(env.APP_BASE_URL ?? ''));
    const shellHost = published.get('shell')?.host;
    if (!appBase || Number(appBase.port || 80) !== shellHost) {
      problems.push(
        `service 'api': APP_BASE_URL ${env.APP_BASE_URL} does not match the shell's published port ${shellHost}`,
      );
    }
  }

  problems.push(...checkTrustedProxies(services, root.networks ?? {}));

  for (const [name, app] of Object.entries(STATIC_APPS)) {
    const service = services[name];
    if (!service) continue;
    const env = environmentOf(service);
    const mapping = published.get(name);
    if (mapping && Number(interpolate(env.PORT ?? '')) !== mapping.container) {
      problems.push(
        `service '${name}': PORT ${env.PORT ?? '(unset)'} is not its container port ${mapping.container}`,
      );
    }
    const build = typeof service.build === 'object' ? service.build : undefined;
    if (build?.args?.APP !== name || !repo.isAppDir(name)) {
      problems.push(`service '${name}' must build its own app (build arg APP: ${name})`);
    }
    if (mapping && Number(build?.args?.PORT) !== mapping.container) {
      problems.push(`service '${name}': build arg PORT is not its container port ${mapping.container}`);
    }
    if (app.remote) continue;
    const apiOrigin = urlOrNull(interpolate(env.API_ORIGIN ?? ''));
    const apiContainer = published.get('api')?.container;
    if (apiOrigin?.hostname !== 'api' || Number(apiOrigin.port) !== apiContainer) {
      problems.push(
        `service '${name}': API_ORIGIN must be http://api:${apiContainer}, got '${env.API_ORIGIN}'`,
      );
    }
    let remotes: Record<string, unknown> = {};
    try {
      remotes = JSON.parse(interpolate(env.HELPDESK_REMOTES ?? ''));
    } catch {
      problems.push(`service '${name}': HELPDESK_REMOTES is not JSON`);
    }
    for (const remote of REMOTE_NAMES) {
      const serviceName = Object.keys(STATIC_APPS).find((key) => STATIC_APPS[key]?.remote === remote) ?? '';
      const url = urlOrNull(String(remotes[remote] ?? ''));
      const host = published.get(serviceName)?.host;
      if (!url || Number(url.port || 80) !== host || !url.pathname.endsWith('/mf-manifest.json')) {
        problems.push(
          `service '${name}': HELPDESK_REMOTES.${remote} (${String(remotes[remote])}) must be the mf-manifest.json on ${serviceName}'s published port ${host}`,
        );
      }
    }
    const unknown = Object.keys(remotes).filter((key) => !REMOTE_NAMES.includes(key as TRemoteName));
    if (unknown.length)
      problems.push(`service '${name}': HELPDESK_REMOTES names unknown remotes: ${unknown.join(', ')}`);
  }

  if (names.length === 0) problems.push('docker-compose.yml has no services');
  return problems;
}

/** An address list (addresses and CIDR ranges, as the API reads TRUSTED_PROXIES) as one lookup. */
function addressMatcher(entries: readonly string[]): BlockList {
  const matcher = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) continue;
    if (prefix === undefined) matcher.addAddress(address, family);
    else matcher.addSubnet(address, Number(prefix), family);
  }
  return matcher;
}

/**
 * The API must know its proxy: the shell has a fixed address on the default network, the api's
 * TRUSTED_PROXIES names it, and trusts nothing that covers the network's gateway (the peer of every
 * connection to the api's published port, which could then claim any client address).
 */
function checkTrustedProxies(services: Record<string, Service>, networks: Networks): string[] {
  const shell = services.shell;
  const api = services.api;
  if (!shell || !api) return [];
  const subnet = networks.default?.ipam?.config?.[0]?.subnet ?? '';
  const [network = '', prefix = ''] = subnet.split('/');
  if (isIP(network) !== 4 || !/^\d+$/.test(prefix)) {
    return [
      'networks.default must have a fixed IPv4 subnet (ipam.config[0].subnet), so the shell has a known address',
    ];
  }
  const shellNetworks = Array.isArray(shell.networks) ? {} : (shell.networks ?? {});
  const shellAddress = shellNetworks.default?.ipv4_address ?? '';
  const inSubnet = new BlockList();
  inSubnet.addSubnet(network, Number(prefix), 'ipv4');
  if (isIP(shellAddress) !== 4 || !inSubnet.check(shellAddress, 'ipv4')) {
    return [`service 'shell' must have a fixed ipv4_address in ${subnet} on the default network`];
  }
  const trusted = interpolate(environmentOf(api).TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const problems: string[] = [];
  const matcher = addressMatcher(trusted);
  if (!matcher.check(shellAddress, 'ipv4')) {
    problems.push(`service 'api': TRUSTED_PROXIES must include the shell's address ${shellAddress}`);
  }
  const octets = network.split('.').map(Number);
  const gateway = [...octets.slice(0, 3), (octets[3] ?? 0) + 1].join('.');
  if (matcher.check(gateway, 'ipv4')) {
    problems.push(
      `service 'api': TRUSTED_PROXIES covers the network's gateway ${gateway}, the peer of every connection to the published API port`,
    );
  }
  return problems;
}
