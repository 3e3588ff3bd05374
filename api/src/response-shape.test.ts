import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { openapi } from '@elysiajs/openapi';
import * as contracts from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import { Elysia } from 'elysia';
import { z } from 'zod';
import { createErrorHandler } from './errors.ts';
import { responseShape, setFullResponseChecks } from './response-shape.ts';
import { createRandom, type Random } from './seed/random.ts';

/** Every contract schema a route answers with: the names inside responseShape(...) in the route files. */
const RESPONSE_SCHEMAS: [string, z.ZodType][] = (() => {
  const names = new Set<string>();
  for (const file of new Bun.Glob('**/routes.ts').scanSync({ cwd: import.meta.dir, absolute: true })) {
    for (const match of readFileSync(file, 'utf8').matchAll(/responseShape\((Z\w+)\)/g))
      names.add(match[1] as string);
  }
  return [...names].sort().map((name) => {
    const schema = (contracts as Record<string, unknown>)[name];
    if (!(schema instanceof z.ZodType)) throw new Error(`${name} is not a contract schema`);
    return [name, schema];
  });
})();

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value the schema accepts (as far as the generator knows formats), with optional and nullable parts varied. */
function generate(schema: z.ZodType, random: Random, depth = 0): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const format = (schema as unknown as { format?: string }).format;
      if (format === 'uuid' || format === 'guid') return crypto.randomUUID();
      if (format === 'email') return `someone${random.int(100)}@example.com`;
      if (format === 'datetime') return '2026-11-01T10:00:00.000Z';
      if (format === 'date') return '2026-11-01';
      if (format === 'url') return 'https://example.com/a';
      return `text ${random.int(1000)}`;
    }
    case 'number':
      return random.int(50);
    case 'boolean':
      return random.next() < 0.5;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return random.pick([1, 'x', null, { nested: [true] }]);
    case 'enum':
      return random.pick(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return random.pick(def.values as unknown[]);
    case 'nullable':
      return random.next() < 0.3 ? null : generate(def.innerType as z.ZodType, random, depth);
    case 'optional':
      return random.next() < 0.3 ? undefined : generate(def.innerType as z.ZodType, random, depth);
    case 'default':
      return generate(def.innerType as z.ZodType, random, depth);
    case 'array':
      return Array.from({ length: depth > 3 ? 0 : random.int(3) }, () =>
        generate(def.element as z.ZodType, random, depth + 1),
      );
    case 'record':
      return Object.fromEntries(
        Array.from({ length: random.int(3) }, (_, i) => [
          `key${i}`,
          generate(def.valueType as z.ZodType, random, depth + 1),
        ]),
      );
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = generate(field, random, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'union':
      return generate(random.pick(def.options as z.ZodType[]), random, depth);
    default:
      return undefined;
  }
}

type Leaf = { path: (string | number)[]; value: unknown };
function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value))
    return [{ path, value }, ...value.flatMap((item, i) => leavesOf(item, [...path, i]))];
  if (typeof value === 'object' && value !== null)
    return [
      { path, value },
      ...Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key])),
    ];
  return [{ path, value }];
}

function withChange(
  root: unknown,
  path: (string | number)[],
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(root);
  if (path.length === 0) return copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1) as string | number);
  return copy;
}

/** What Elysia would get: the value sent, or the fact that it was refused. */
function shapeResult(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const result = responseShape(schema)['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('the shape check is synchronous');
  return result.issues ? { ok: false } : { ok: true, value: result.value };
}

function zodResult(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

const OTHER_KINDS: unknown[] = [7, 1.5, Number.NaN, true, null, undefined, {}, [], 'a string', { id: 'x' }];

describe('the compiled shape check agrees with zod', () => {
  setFullResponseChecks(false);
  afterAll(() => setFullResponseChecks(true));

  test('covers the contract schemas the hot routes answer with', () => {
    const names = RESPONSE_SCHEMAS.map(([name]) => name);
    for (const hot of [
      'ZTicketListResponse',
      'ZTicketDetail',
      'ZUserResponse',
      'ZNotificationCount',
      'ZDashboardMetrics',
    ]) {
      expect(names.some((name) => name.startsWith(hot))).toBe(true);
    }
  });

  for (const seed of [1, 2, 3]) {
    test(`valid values (seed ${seed}): the same output, extra keys dropped at every level`, () => {
      const random = createRandom(seed);
      let compared = 0;
      for (const [name, schema] of RESPONSE_SCHEMAS) {
        for (let round = 0; round < 4; round++) {
          const value = generate(schema, random);
          const expected = zodResult(schema, value);
          if (!expected.ok) continue; // a refinement or format the generator does not know
          compared++;
          expect({ name, ...shapeResult(schema, value) }).toEqual({ name, ...expected });
          // A stray column anywhere in the value, as a query selecting too much would give.
          for (const leaf of leavesOf(value)) {
            if (typeof leaf.value !== 'object' || leaf.value === null || Array.isArray(leaf.value)) continue;
            const polluted = withChange(value, leaf.path, (parent, key) => {
              (parent[key] as Record<string, unknown>).passwordHash = 'secret';
            });
            const withRoot =
              leaf.path.length === 0 ? { ...(value as object), passwordHash: 'secret' } : polluted;
            const fromZod = zodResult(schema, withRoot);
            const fromShape = shapeResult(schema, withRoot);
            expect({ name, path: leaf.path, ...fromShape }).toEqual({ name, path: leaf.path, ...fromZod });
            // Records keep every key (that is what they are for); everywhere else the stray column is gone.
            if (fromShape.ok && fromZod.ok && !JSON.stringify(fromZod.value).includes('secret'))
              expect(JSON.stringify(fromShape.value)).not.toContain('secret');
          }
        }
      }
      expect(compared).toBeGreaterThan(RESPONSE_SCHEMAS.length);
    });

    test(`wrong kinds anywhere (seed ${seed}): refused exactly when zod refuses`, () => {
      const random = createRandom(100 + seed);
      for (const [name, schema] of RESPONSE_SCHEMAS) {
        const value = generate(schema, random);
        if (!zodResult(schema, value).ok) continue;
        for (const leaf of leavesOf(value)) {
          for (let i = 0; i < 3; i++) {
            // By index: one of the kinds is undefined, which pick() takes for a missing item.
            const replacement = OTHER_KINDS[random.int(OTHER_KINDS.length)];
            // A string where a string (or a nullable one) is declared is a format question, which only
            // zod answers (see response-shape.ts); enum values are the test further down.
            if (typeof replacement === 'string' && (typeof leaf.value === 'string' || leaf.value === null))
              continue;
            const changed =
              leaf.path.length === 0
                ? replacement
                : withChange(value, leaf.path, (parent, key) => {
                    parent[key] = replacement;
                  });
            const fromZod = zodResult(schema, changed);
            const fromShape = shapeResult(schema, changed);
            expect({ name, path: leaf.path, replacement, ...fromShape }).toEqual({
              name,
              path: leaf.path,
              replacement,
              ...fromZod,
            });
          }
        }
      }
    });
  }

  test('an unknown enum value and a missing required key are refused', () => {
    const user = sampleUser();
    expect(shapeResult(contracts.ZUser, { ...user, role: 'root' }).ok).toBe(false);
    const { email: _email, ...withoutEmail } = user;
    expect(shapeResult(contracts.ZUser, withoutEmail).ok).toBe(false);
    expect(shapeResult(contracts.ZUser, user)).toEqual({ ok: true, value: user });
  });

  test('a strict object inside a plain one is checked and copied, not mistaken for a checker', () => {
    const schema = z.object({ id: z.string(), hours: z.strictObject({ start: z.string() }) });
    expect(shapeResult(schema, { id: 'a', hours: { start: '09:00' } })).toEqual({
      ok: true,
      value: { id: 'a', hours: { start: '09:00' } },
    });
    expect(shapeResult(schema, { id: 'a', hours: { start: 9 } }).ok).toBe(false);
  });

  test('a mismatch names where it is', () => {
    const user = sampleUser();
    const result = responseShape(contracts.ZUserResponse)['~standard'].validate({
      user: { ...user, lastName: 7 },
    });
    expect(result).toEqual({ issues: [{ message: 'Expected a string', path: ['user', 'lastName'] }] });
  });

  test('a "__proto__" key in free-form data stays data and never becomes a prototype', () => {
    const schema = z.object({ details: z.record(z.string(), z.unknown()) });
    const value = JSON.parse('{"details":{"__proto__":{"isAdmin":true},"a":1}}');
    const result = shapeResult(schema, value);
    expect(result.ok).toBe(true);
    const details = (result as { value: { details: Record<string, unknown> } }).value.details;
    expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
    expect((details as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(JSON.parse(JSON.stringify(details))).toEqual(JSON.parse('{"__proto__":{"isAdmin":true},"a":1}'));
  });
});

describe('on a route', () => {
  const ZBody = z.object({ id: z.uuid(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  let answer: unknown = null;
  const logged: string[] = [];
  const app = new Elysia()
    .use(
      createErrorHandler({
        log: { info: () => {}, error: (line) => logged.push(line) },
        validationMessages: {},
      }),
    )
    .use(openapi({ mapJsonSchema: { zod: z.toJSONSchema } }))
    .get('/thing', () => answer as z.infer<typeof ZBody>, { response: responseShape(ZBody) });
  const get = () => app.handle(new Request('http://localhost/thing'));
  afterAll(() => setFullResponseChecks(true));

  test('production: stray keys are dropped before the body leaves; a wrong kind is an error, not a body', async () => {
    setFullResponseChecks(false);
    answer = {
      id: crypto.randomUUID(),
      name: 'A',
      passwordHash: 'secret',
      tags: [{ label: 'x', internal: true }],
    };
    const response = await get();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual({
      id: (answer as { id: string }).id,
      name: 'A',
      tags: [{ label: 'x' }],
    });

    answer = { id: crypto.randomUUID(), name: 42, tags: [] };
    const wrong = await get();
    expect(wrong.status).toBe(500);
    expect(await wrong.text()).not.toContain('42');
    expect(logged.at(-1)).toContain('unexpected error on GET /thing');
  });

  test('production trusts string formats to the database; development and tests check them too', async () => {
    answer = { id: 'not-a-uuid', name: 'A', tags: [] };
    setFullResponseChecks(false);
    expect((await get()).status).toBe(200);
    setFullResponseChecks(true);
    expect((await get()).status).toBe(500);
  });

  test('the OpenAPI document still describes the schema', async () => {
    const response = await app.handle(new Request('http://localhost/openapi/json'));
    const document = (await response.json()) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >;
    };
    const schema = JSON.stringify(document.paths['/thing']?.get.responses['200']?.content);
    expect(schema).toContain('"tags"');
    expect(schema).toContain('"uuid"');
  });
});
