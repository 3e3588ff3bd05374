import type { z } from 'zod';

/**
 * What a response schema does before a body leaves: only the keys the contract declares are sent
 * (a column selected by mistake, a password hash, an internal flag, is dropped), and a value of the
 * wrong kind (a string where a number is declared, an unknown enum value, null where null is not
 * allowed) is a 500 instead of a broken client.
 *
 * Elysia runs a response schema's `~standard.validate` on every answer. A full zod parse also
 * re-checks every string's format (each uuid, email and date against its regular expression):
 * about 300 us of a 50-row ticket list, 15-20% of the API's CPU under a list load, for values
 * PostgreSQL's column types already guarantee. `responseShape(schema)` keeps the schema (the
 * OpenAPI document is generated from it as before) and answers with a checker compiled once from
 * it that walks the value and copies out the declared keys, checking types, enum and literal values,
 * nullability, optionality and integers. It does not check string formats, lengths, other
 * number ranges or refinements. Outside production (development, tests) zod's full check runs as well, and any
 * issue it finds fails the response, so the suites still catch a wrongly formatted value.
 */
let fullChecks = true;

/** createApp sets this from the configuration: full zod checks everywhere but production. */
export function setFullResponseChecks(enabled: boolean): void {
  fullChecks = enabled;
}

/** Whether the full checks run (everywhere but production); json-text.ts checks rendered bodies by it too. */
export function fullResponseChecks(): boolean {
  return fullChecks;
}

type Check = (value: unknown, path: PropertyKey[]) => unknown;

class ShapeIssue extends Error {
  constructor(
    override readonly message: string,
    readonly path: readonly PropertyKey[],
  ) {
    super(message);
  }
}

const fail = (message: string, path: PropertyKey[]): never => {
  throw new ShapeIssue(message, [...path]);
};

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets a key as an own property even when it is "__proto__" (a plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Anything the compiler does not know is checked by zod itself: slower, never weaker. */
function zodCheck(schema: z.ZodType): Check {
  return (value, path) => {
    const result = schema.safeParse(value);
    if (!result.success) fail(result.error.issues[0]?.message ?? 'Invalid value', path);
    return result.success ? result.data : undefined;
  };
}

function compile(schema: z.ZodType): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (value, path) => (typeof value === 'string' ? value : fail('Expected a string', path));
    case 'number': {
      // z.number().int() is a format of its own in zod 4 ('safeint', 'int32', ...): a fraction
      // where a count is declared is a wrong kind, not a range, so it is checked here too.
      const format = (schema as unknown as { format?: string | null }).format ?? '';
      if (format.includes('int')) {
        const { minValue, maxValue } = schema as unknown as {
          minValue: number | null;
          maxValue: number | null;
        };
        const min = minValue ?? Number.MIN_SAFE_INTEGER;
        const max = maxValue ?? Number.MAX_SAFE_INTEGER;
        return (value, path) =>
          typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
            ? value
            : fail('Expected an integer', path);
      }
      return (value, path) =>
        typeof value === 'number' && Number.isFinite(value) ? value : fail('Expected a finite number', path);
    }
    case 'boolean':
      return (value, path) => (typeof value === 'boolean' ? value : fail('Expected a boolean', path));
    case 'null':
      return (value, path) => (value === null ? value : fail('Expected null', path));
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'enum': {
      const allowed = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value, path) => (allowed.has(value) ? value : fail('Not one of the declared values', path));
    }
    case 'literal': {
      const allowed = new Set(def.values as unknown[]);
      return (value, path) => (allowed.has(value) ? value : fail('Not the declared literal', path));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return (value, path) => (value === null ? null : inner(value, path));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      return (value, path) => (value === undefined ? undefined : inner(value, path));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      return (value, path) => {
        if (!Array.isArray(value)) return fail('Expected an array', path);
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          out[i] = element(value[i], path);
          path.pop();
        }
        return out;
      };
    }
    case 'object':
      return compileObject(def);
    case 'record': {
      const keyType = defOf(def.keyType as z.ZodType).type;
      if (keyType !== 'string') return zodCheck(schema);
      const element = compile(def.valueType as z.ZodType);
      return (value, path) => {
        if (!isPlainRecord(value)) return fail('Expected an object', path);
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) {
          path.push(key);
          setOwn(out, key, element(value[key], path));
          path.pop();
        }
        return out;
      };
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map(compile);
      // zod answers the first option that accepts the value; so does this.
      return (value, path) => {
        for (const option of options) {
          try {
            return option(value, path.slice());
          } catch (error) {
            if (!(error instanceof ShapeIssue)) throw error;
          }
        }
        return fail('Matches none of the declared shapes', path);
      };
    }
    default:
      // default, pipe, transform, lazy, intersection, tuple, date...: not used in responses today.
      return zodCheck(schema);
  }
}

function compileObject(def: Def): Check {
  const shape = def.shape as Record<string, z.ZodType>;
  const fields = Object.keys(shape).map((key) => {
    const fieldSchema = shape[key] as z.ZodType;
    return { key, check: compile(fieldSchema), isOptional: defOf(fieldSchema).type === 'optional' };
  });
  const declared = new Set(Object.keys(shape));
  const catchall = def.catchall === undefined ? null : defOf(def.catchall as z.ZodType).type;
  return (value, path) => {
    if (!isPlainRecord(value)) return fail('Expected an object', path);
    const out: Record<string, unknown> = {};
    for (const { key, check, isOptional } of fields) {
      const field = value[key];
      // As zod: an optional key that is absent stays absent.
      if (field === undefined && isOptional && !(key in value)) continue;
      path.push(key);
      setOwn(out, key, check(field, path));
      path.pop();
    }
    if (catchall === 'never') {
      for (const key of Object.keys(value)) {
        if (!declared.has(key)) fail(`Unrecognized key "${key}"`, path);
      }
    } else if (catchall === 'unknown' || catchall === 'any') {
      for (const key of Object.keys(value)) if (!declared.has(key)) setOwn(out, key, value[key]);
    }
    return out;
  };
}

/** Thrown by the generated checker; the closure checker above then says what and where. */
const MISMATCH = Symbol('shape mismatch');
const mismatch = (): never => {
  throw MISMATCH;
};

/**
 * The same check generated as straight-line JavaScript, once per schema: an object becomes one
 * object literal of its declared keys (one allocation of a fixed shape, no per-key bookkeeping),
 * leaves are inline typeof tests. About five times faster than the closures, which stay for
 * telling where a mismatch is. Only contract keys and indexes of `helpers` reach the source.
 */
function generate(schema: z.ZodType): (value: unknown) => unknown {
  const helpers: unknown[] = [mismatch];
  const helper = (value: unknown) => `h[${helpers.push(value) - 1}]`;
  const closure = (part: z.ZodType) => {
    const check = compile(part);
    return (value: unknown) => check(value, []);
  };
  const fallback = (part: z.ZodType) => helper(closure(part));

  // An expression checking `e` (a property read or an index, cheap to repeat) and giving its value.
  const emit = (part: z.ZodType, e: string): string => {
    const def = defOf(part);
    switch (def.type) {
      case 'string':
        return `(typeof ${e} === 'string' ? ${e} : h[0]())`;
      case 'boolean':
        return `(typeof ${e} === 'boolean' ? ${e} : h[0]())`;
      case 'null':
        return `(${e} === null ? null : h[0]())`;
      case 'unknown':
      case 'any':
        return e;
      case 'number': {
        const format = (part as unknown as { format?: string | null }).format ?? '';
        if (!format.includes('int'))
          return `(typeof ${e} === 'number' && Number.isFinite(${e}) ? ${e} : h[0]())`;
        const { minValue, maxValue } = part as unknown as {
          minValue: number | null;
          maxValue: number | null;
        };
        const min = minValue ?? Number.MIN_SAFE_INTEGER;
        const max = maxValue ?? Number.MAX_SAFE_INTEGER;
        return `(Number.isInteger(${e}) && ${e} >= ${min} && ${e} <= ${max} ? ${e} : h[0]())`;
      }
      case 'enum':
        return `(${helper(new Set(Object.values(def.entries as Record<string, unknown>)))}.has(${e}) ? ${e} : h[0]())`;
      case 'literal':
        return `(${helper(new Set(def.values as unknown[]))}.has(${e}) ? ${e} : h[0]())`;
      case 'nullable':
        return `(${e} === null ? null : ${emit(def.innerType as z.ZodType, e)})`;
      case 'optional':
        return `(${e} === undefined ? undefined : ${emit(def.innerType as z.ZodType, e)})`;
      case 'array':
        return `${helper(generateArray(def))}(${e})`;
      case 'object':
        return `${helper(generateObject(part, def))}(${e})`;
      default:
        return `${fallback(part)}(${e})`;
    }
  };

  const generateArray = (def: Def) =>
    new Function(
      'h',
      `return function (a) {
        if (!Array.isArray(a)) h[0]();
        const n = a.length, out = new Array(n);
        for (let i = 0; i < n; i++) out[i] = ${emit(def.element as z.ZodType, 'a[i]')};
        return out;
      };`,
    )(helpers);

  const generateObject = (part: z.ZodType, def: Def) => {
    const shape = def.shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    // Strict and loose objects, and a "__proto__" key (an object literal would set the prototype), take the closures.
    // (The checker itself: the caller registers it as a helper.)
    if (def.catchall !== undefined || keys.includes('__proto__')) return closure(part);
    const read = (key: string) => `v[${JSON.stringify(key)}]`;
    const required = keys.filter((key) => defOf(shape[key] as z.ZodType).type !== 'optional');
    const optional = keys.filter((key) => defOf(shape[key] as z.ZodType).type === 'optional');
    return new Function(
      'h',
      `return function (v) {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) h[0]();
        const out = { ${required.map((key) => `${JSON.stringify(key)}: ${emit(shape[key] as z.ZodType, read(key))}`).join(', ')} };
        ${optional.map((key) => `if (${JSON.stringify(key)} in v) out[${JSON.stringify(key)}] = ${emit(shape[key] as z.ZodType, read(key))};`).join('\n')}
        return out;
      };`,
    )(helpers);
  };

  return new Function('h', `return function (value) { return ${emit(schema, 'value')}; };`)(helpers);
}

/**
 * The schema, answering Elysia's response check with the compiled shape check (see the top of
 * this file). Everything else about the schema, its JSON Schema for the OpenAPI document included,
 * is the schema's own.
 */
export function responseShape<T extends z.ZodType>(schema: T): T {
  const check = compile(schema);
  const fast = generate(schema);
  const standard = schema['~standard'];
  const validate = (value: unknown): ReturnType<typeof standard.validate> => {
    let shaped: unknown;
    try {
      shaped = fast(value);
    } catch (error) {
      if (error !== MISMATCH && !(error instanceof ShapeIssue)) throw error;
      try {
        check(value, []);
      } catch (issue) {
        if (issue instanceof ShapeIssue) return { issues: [{ message: issue.message, path: issue.path }] };
        throw issue;
      }
      return { issues: [{ message: 'Does not match the declared shape' }] };
    }
    if (fullChecks) {
      const full = standard.validate(value);
      if (full instanceof Promise)
        return full.then((result) => (result.issues ? result : { value: shaped as z.output<T> }));
      if (full.issues) return full;
    }
    return { value: shaped as z.output<T> };
  };
  // A child of the schema: zod's own methods and z.toJSONSchema see the schema through the
  // prototype; only the check Elysia calls is this file's.
  return Object.create(schema, {
    '~standard': { value: { ...standard, validate }, enumerable: false },
  }) as T;
}
