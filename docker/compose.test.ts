// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these are Docker Compose's own ${VARIABLE} references, not templates.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';
import { checkCompose, type DefaultPorts, interpolate, type RepoReader } from './compose-check.ts';

const COMPOSE = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8');

const repo: RepoReader = {
  readText: (path) => {
    const full = join(REPO_ROOT, path);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  },
  isAppDir: (path) => existsSync(join(REPO_ROOT, path, 'package.json')),
  exists: (path) => existsSync(join(REPO_ROOT, path)),
};

/** tooling/src/ports.ts's defaults, read in a child with none of its variables set (a developer may have some). */
function defaultPorts(): DefaultPorts {
  const env = { ...process.env };
  for (const name of [
    'SHELL_PORT',
    'API_PORT',
    'MF_TICKETS_PORT',
    'MF_KB_PORT',
    'MF_ADMIN_PORT',
    'PG_PORT',
  ]) {
    delete env[name];
  }
  const result = Bun.spawnSync(
    ['bun', '-e', "import { PORTS } from './tooling/src/ports.ts'; console.log(JSON.stringify(PORTS))"],
    { cwd: REPO_ROOT, env, stdout: 'pipe', stderr: 'pipe' },
  );
  if (result.exitCode !== 0)
    throw new Error(`reading tooling/src/ports.ts failed: ${result.stderr.toString()}`);
  return JSON.parse(result.stdout.toString());
}

const PORTS = defaultPorts();
const check = (text: string) => checkCompose(text, PORTS, repo);

/** The compose text with one exact substring replaced; fails loudly if the substring is not there. */
function mutate(from: string, to: string): string {
  expect(COMPOSE).toContain(from);
  return COMPOSE.replace(from, to);
}

describe('docker-compose.yml', () => {
  test('passes every check', () => {
    expect(check(COMPOSE)).toEqual([]);
  });

  test('interpolates like Docker Compose with no variables set', () => {
    expect(interpolate('${A:-x}:${B-y}/${C:?set C}$$D${E}')).toBe('x:y/<C>$D');
  });

  test('serves the shell and each remote from its own image built from its own app', () => {
    const services = (Bun.YAML.parse(COMPOSE) as { services: Record<string, { image?: string }> }).services;
    const images = ['shell', 'mf-tickets', 'mf-kb', 'mf-admin', 'api'].map((name) => services[name]?.image);
    expect(new Set(images).size).toBe(5);
  });

  test('the .env.example names every required variable and holds no secret value', () => {
    const example = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
    const required = [...COMPOSE.matchAll(/\$\{([A-Z0-9_]+):?\?/g)].map((match) => match[1]);
    for (const name of new Set(required)) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    for (const line of example
      .split('\n')
      .filter((l) => /^[A-Z0-9_]*(PASSWORD|TOKEN|SECRET)[A-Z0-9_]*=/.test(l))) {
      expect(line).toMatch(/=$/);
    }
  });
});

describe('the compose checks catch a broken file', () => {
  test('a service with neither build nor image', () => {
    const broken = mutate('    image: postgres:18\n', '');
    expect(check(broken)).toContain(`service 'postgres' has neither build nor image`);
  });

  test('a serving service without a health check, or with it disabled', () => {
    const kbPorts = '      - "${MF_KB_PORT:-3102}:3102"\n    healthcheck:';
    const missing = mutate(kbPorts, '      - "${MF_KB_PORT:-3102}:3102"\n    x-healthcheck:');
    expect(check(missing)).toContain(`service 'mf-kb' serves but has no health check`);
    const disabled = mutate(kbPorts, `${kbPorts}\n      disable: true`);
    expect(check(disabled)).toContain(`service 'mf-kb' serves but has no health check`);
  });

  test('a committed password, directly, as a default, or inside a URL', () => {
    const direct = mutate(
      'POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env (see .env.example)}\n',
      'POSTGRES_PASSWORD: hunter2hunter2\n',
    );
    expect(check(direct).join('\n')).toContain(`service 'postgres': POSTGRES_PASSWORD is committed`);
    const asDefault = mutate(
      'ADMIN_PASSWORD: ${ADMIN_PASSWORD:-}',
      'ADMIN_PASSWORD: ${ADMIN_PASSWORD:-Admin123!}',
    );
    expect(check(asDefault).join('\n')).toContain(`service 'api': ADMIN_PASSWORD is committed`);
    const inUrl = mutate(
      'postgres://${POSTGRES_USER:-helpdesk}:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env (see .env.example)}@',
      'postgres://${POSTGRES_USER:-helpdesk}:s3cret@',
    );
    expect(check(inUrl).join('\n')).toContain(`service 'api': DATABASE_URL has a password in its URL`);
  });

  test('a published port that disagrees with tooling/src/ports.ts', () => {
    const broken = mutate('"${MF_ADMIN_PORT:-3103}:3103"', '"${MF_ADMIN_PORT:-3203}:3103"');
    const problems = check(broken).join('\n');
    expect(problems).toContain(
      `service 'mf-admin' publishes 3203, but tooling/src/ports.ts says ${PORTS.mfAdmin}`,
    );
    // The shell's runtime config still points at 3103, where nothing listens now.
    expect(problems).toContain('HELPDESK_REMOTES.mf_admin (http://localhost:3103/mf-manifest.json) must be');
  });

  test("a runtime-config URL that misses the remote's port", () => {
    const broken = mutate(
      '${MF_KB_URL:-http://localhost:3102/mf-manifest.json}',
      '${MF_KB_URL:-http://localhost:3101/mf-manifest.json}',
    );
    expect(check(broken).join('\n')).toContain(
      'HELPDESK_REMOTES.mf_kb (http://localhost:3101/mf-manifest.json) must be',
    );
  });

  test('an API_ORIGIN that is not the api service and port', () => {
    const broken = mutate('API_ORIGIN: http://api:3001', 'API_ORIGIN: http://localhost:3001');
    expect(check(broken).join('\n')).toContain(`service 'shell': API_ORIGIN must be http://api:3001`);
  });

  test("the api trusts the shell's fixed address, and nothing that covers the gateway", () => {
    expect(
      check(
        mutate('TRUSTED_PROXIES: ${TRUSTED_PROXIES:-172.30.0.10}', 'TRUSTED_PROXIES: ${TRUSTED_PROXIES:-}'),
      ),
    ).toContain("service 'api': TRUSTED_PROXIES must include the shell's address 172.30.0.10");
    const wide = mutate('TRUSTED_PROXIES: ${TRUSTED_PROXIES:-172.30.0.10}', 'TRUSTED_PROXIES: 172.16.0.0/12');
    expect(check(wide).join('\n')).toContain("TRUSTED_PROXIES covers the network's gateway 172.30.0.1");
    const floating = mutate('        ipv4_address: 172.30.0.10\n', '');
    expect(check(floating).join('\n')).toContain(
      "service 'shell' must have a fixed ipv4_address in 172.30.0.0/24",
    );
    const noSubnet = mutate('        - subnet: 172.30.0.0/24\n', '');
    expect(check(noSubnet).join('\n')).toContain('networks.default must have a fixed IPv4 subnet');
  });

  test('a container port that disagrees with what the server listens on', () => {
    const broken = mutate('      PORT: "3102"\n    ports:', '      PORT: "3002"\n    ports:');
    expect(check(broken)).toContain(`service 'mf-kb': PORT 3002 is not its container port 3102`);
  });

  test('a missing Dockerfile, or one not built on the pinned official Bun image', () => {
    const missing = mutate('dockerfile: docker/api.Dockerfile', 'dockerfile: docker/nope.Dockerfile');
    expect(check(missing)).toContain(`service 'api': docker/nope.Dockerfile does not exist`);
    const notBun = checkCompose(COMPOSE, PORTS, {
      ...repo,
      readText: (path) =>
        repo.readText(path)?.replace('FROM oven/bun:${BUN_VERSION}-slim', 'FROM node:22-slim') ?? null,
    });
    expect(notBun.join('\n')).toContain('FROM node:22-slim is not the official Bun image');
    const strayCopy = checkCompose(COMPOSE, PORTS, {
      ...repo,
      readText: (path) =>
        repo.readText(path)?.replace('COPY api/scripts/container.ts', 'COPY api/scripts/gone.ts') ?? null,
    });
    expect(strayCopy).toContain('docker/api.Dockerfile: COPY api/scripts/gone.ts: no such file in the repo');
  });

  test('postgres unpinned, without a named volume, or the API not waiting for it', () => {
    expect(check(mutate('image: postgres:18', 'image: postgres:latest')).join('\n')).toContain(
      'pinned to a major',
    );
    expect(check(mutate('- postgres-data:/var/lib/postgresql', '- ./pg:/var/lib/postgresql'))).toContain(
      `service 'postgres' must keep its data in a named volume declared under volumes:`,
    );
    expect(check(mutate('condition: service_healthy', 'condition: service_started'))).toContain(
      `service 'api' must depend on postgres being healthy (migrations run on start)`,
    );
  });
});
