/**
 * The API as it describes itself: every operation of the OpenAPI document the app serves (so a
 * route added by anyone is covered on its next run), plus registered routes the document hides
 * (the Swagger UI's own assets), which get schema-less hostile input.
 */
import { type TUserRole, USER_ROLES } from '@helpdesk/contracts';
import { z } from 'zod';
import {
  createAccessLookup,
  isRoleAllowed,
  type RegisteredRoute,
  type RouteAccess,
} from '../../../src/route-access.ts';

/** The part of JSON Schema (draft 2020-12, as zod writes it) the generators understand. */
export type JsonSchema = {
  type?: string[];
  enum?: unknown[];
  const?: unknown;
  hasConst: boolean;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  isClosed: boolean;
  hasDefault: boolean;
};

export type Parameter = { name: string; isRequired: boolean; schema: JsonSchema };

export type BodySpec = { kind: 'json'; schema: JsonSchema } | { kind: 'multipart' } | { kind: 'none' };

export type Caller = 'anonymous' | TUserRole;
export const CALLERS: readonly Caller[] = ['anonymous', ...USER_ROLES];

export type Operation = {
  /** `POST /api/tickets/:id/comments`: method and Elysia path pattern. */
  key: string;
  method: string;
  /** Elysia's pattern, `/api/tickets/:id/comments`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: BodySpec;
  isDocumented: boolean;
  /** Callers the route's declared access lets through; the others must be refused whatever they send. */
  allowed: readonly Caller[];
  denied: readonly Caller[];
};

const ANY_SCHEMA: JsonSchema = { hasConst: false, isClosed: false, hasDefault: false };

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Reads the JSON Schema keywords the generators use; anything else is ignored. */
export function toSchema(raw: unknown): JsonSchema {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return ANY_SCHEMA;
  const value = raw as Record<string, unknown>;
  const type =
    typeof value.type === 'string'
      ? [value.type]
      : Array.isArray(value.type)
        ? value.type.filter((item): item is string => typeof item === 'string')
        : undefined;
  const properties =
    typeof value.properties === 'object' && value.properties !== null
      ? Object.fromEntries(Object.entries(value.properties).map(([key, item]) => [key, toSchema(item)]))
      : undefined;
  return {
    type,
    enum: Array.isArray(value.enum) ? value.enum : undefined,
    const: value.const,
    hasConst: Object.hasOwn(value, 'const'),
    anyOf: Array.isArray(value.anyOf) ? value.anyOf.map(toSchema) : undefined,
    minLength: numberOrUndefined(value.minLength),
    maxLength: numberOrUndefined(value.maxLength),
    pattern: typeof value.pattern === 'string' ? value.pattern : undefined,
    format: typeof value.format === 'string' ? value.format : undefined,
    minimum: numberOrUndefined(value.minimum),
    maximum: numberOrUndefined(value.maximum),
    items: value.items === undefined ? undefined : toSchema(value.items),
    minItems: numberOrUndefined(value.minItems),
    maxItems: numberOrUndefined(value.maxItems),
    properties,
    required: Array.isArray(value.required)
      ? value.required.filter((item): item is string => typeof item === 'string')
      : undefined,
    isClosed: value.additionalProperties === false,
    hasDefault: Object.hasOwn(value, 'default'),
  };
}

const ZParameter = z.looseObject({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  schema: z.unknown().optional(),
});

const ZOperation = z.looseObject({
  parameters: z.array(ZParameter).optional(),
  requestBody: z
    .looseObject({ content: z.record(z.string(), z.looseObject({ schema: z.unknown() })) })
    .optional(),
});

const ZDocument = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function callersOf(access: RouteAccess | undefined): { allowed: Caller[]; denied: Caller[] } {
  const allowed = CALLERS.filter((caller) => isRoleAllowed(access, caller === 'anonymous' ? null : caller));
  return { allowed, denied: CALLERS.filter((caller) => !allowed.includes(caller)) };
}

/** Path parameters of an Elysia pattern (`:id`), for routes the document does not describe. */
const patternParams = (path: string): Parameter[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
    name: match[1] ?? '',
    isRequired: true,
    schema: ANY_SCHEMA,
  }));

/**
 * Every operation: those of the OpenAPI document, then registered routes it leaves out.
 * DELETE routes come last, so the fixtures they may remove serve every other route first.
 */
export function operationsOf(document: unknown, registered: readonly RegisteredRoute[]): Operation[] {
  const parsed = ZDocument.parse(document);
  const accessOf = createAccessLookup(() => registered);
  const operations: Operation[] = [];
  for (const [openApiPath, methods] of Object.entries(parsed.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const [lowerMethod, rawOperation] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(lowerMethod)) continue;
      const method = lowerMethod.toUpperCase();
      const operation = ZOperation.parse(rawOperation);
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        in: parameter.in,
        name: parameter.name,
        isRequired: parameter.required === true,
        schema: toSchema(parameter.schema),
      }));
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json'];
      const body: BodySpec = json
        ? { kind: 'json', schema: toSchema(json.schema) }
        : content['multipart/form-data']
          ? { kind: 'multipart' }
          : { kind: 'none' };
      const documentedPathParams = parameters.filter((parameter) => parameter.in === 'path');
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        // Elysia documents a path parameter only when the route has a params schema.
        pathParams: documentedPathParams.length ? documentedPathParams : patternParams(path),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        headers: parameters.filter((parameter) => parameter.in === 'header'),
        body,
        isDocumented: true,
        ...callersOf(accessOf(method, path)),
      });
    }
  }
  const documented = new Set(operations.map((operation) => operation.key));
  for (const route of registered) {
    const key = `${route.method} ${route.path}`;
    if (documented.has(key) || !HTTP_METHODS.has(route.method.toLowerCase())) continue;
    documented.add(key);
    operations.push({
      key,
      method: route.method,
      path: route.path,
      pathParams: patternParams(route.path),
      query: [],
      headers: [],
      body: route.method === 'GET' ? { kind: 'none' } : { kind: 'json', schema: ANY_SCHEMA },
      isDocumented: false,
      ...callersOf(accessOf(route.method, route.path)),
    });
  }
  const rank = (operation: Operation) => (operation.method === 'DELETE' ? 1 : 0);
  return operations.sort((a, b) => rank(a) - rank(b));
}
