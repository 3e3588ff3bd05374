import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SIGNED_IN_PAGES } from './signed-in-pages.ts';

const ROUTES = join(import.meta.dirname, '..', 'routes', '_app');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the signed-in pages table', () => {
  test('every route of the signed-in layout takes its staticData from the entry with its own path', () => {
    const files = routeFiles(ROUTES).filter((file) => file.endsWith('.tsx'));
    const seen: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const routeId = source.match(/createFileRoute\('\/_app(\/[^']*)'\)/)?.[1];
      const key = source.match(/staticData: staticDataOf\(SIGNED_IN_PAGES\.(\w+)\)/)?.[1];
      const where = relative(ROUTES, file);
      expect({ where, routeId: routeId !== undefined, key: key !== undefined }).toEqual({
        where,
        routeId: true,
        key: true,
      });
      const path = routeId === '/' ? '/' : (routeId ?? '').replace(/\/$/, '');
      const page: { path: string } = SIGNED_IN_PAGES[key as keyof typeof SIGNED_IN_PAGES];
      expect({ where, path: page.path }).toEqual({
        where,
        path,
      });
      seen.push(path);
    }
    expect(seen.sort()).toEqual(
      Object.values(SIGNED_IN_PAGES)
        .map((page) => page.path)
        .sort(),
    );
  });
});
