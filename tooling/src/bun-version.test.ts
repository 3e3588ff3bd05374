import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseImages } from '../../docker/compose-check.ts';
import { bunVersionWarning, pinnedBunVersion } from './bun-version.ts';
import { REPO_ROOT } from './repo-root.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const rootPackage = JSON.parse(read('package.json'));
const PINNED = pinnedBunVersion();

describe('one Bun version, from package.json', () => {
  test('packageManager is bun@X.Y.Z and engines asks for the same Bun', () => {
    expect(rootPackage.packageManager).toBe(`bun@${PINNED}`);
    expect(rootPackage.engines?.bun).toBe(PINNED);
    expect(() => pinnedBunVersion('npm@10.0.0')).toThrow('bun@X.Y.Z');
    expect(() => pinnedBunVersion(null)).toThrow('bun@X.Y.Z');
  });

  test('every Dockerfile builds FROM the pinned Bun image', () => {
    const dockerfiles = readdirSync(join(REPO_ROOT, 'docker')).filter((name) => name.endsWith('.Dockerfile'));
    expect(dockerfiles.length).toBeGreaterThan(0);
    for (const name of dockerfiles) {
      const images = baseImages(read(`docker/${name}`));
      expect(images.length).toBeGreaterThan(0);
      // The file's name in the value, so a failure says which Dockerfile drifted.
      const pinned = [`oven/bun:${PINNED}`, `oven/bun:${PINNED}-slim`];
      for (const image of images) expect(`${name}: ${image}`).toBeOneOf(pinned.map((ok) => `${name}: ${ok}`));
    }
  });

  test('.ci/run installs the version it reads from package.json', () => {
    const script = read('.ci/run');
    const assignment = script.split('\n').find((line) => line.startsWith('BUN_VERSION='));
    expect(assignment).toBeDefined();
    const result = Bun.spawnSync(['bash', '-c', `${assignment}\nprintf %s "$BUN_VERSION"`], {
      cwd: REPO_ROOT,
      stdout: 'pipe',
    });
    expect(result.stdout.toString()).toBe(PINNED);
    expect(script).toContain('npm install -g "bun@$BUN_VERSION"');
  });

  test('bun dev warns about any other running Bun', () => {
    expect(bunVersionWarning(PINNED, PINNED)).toBeNull();
    expect(bunVersionWarning('1.0.0', PINNED)).toContain(`pins bun@${PINNED}`);
  });
});

describe('baseImages', () => {
  test('replaces the build args declared before the first FROM with their defaults', () => {
    const dockerfile =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Dockerfile's own ${ARG} reference, not a template.
      'ARG V=1.2.3\nARG APP\nFROM oven/bun:${V} AS build\nARG LATER=9\nFROM oven/bun:$V-slim\n';
    expect(baseImages(dockerfile)).toEqual(['oven/bun:1.2.3', 'oven/bun:1.2.3-slim']);
  });
});
