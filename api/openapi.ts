/**
 * The API's OpenAPI 3.1 document, made from the route table (shared/contract/routes): each route's
 * path, who may call it, its parameters, its body and its answer, the schemas converted by
 * valibot's own converter. Served at GET /openapi.json, with a readable reference at /reference.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { CALLERS, type Route } from '../shared/contract/routes/route.ts';
import { ROUTE_TABLES } from '../shared/contract/routes/index.ts';
import { site } from '../shared/company/site.ts';

type JsonObject = Record<string, unknown>;

/** A schema as the wire carries it (before any transform the site applies), checks that JSON Schema cannot say left out. */
function jsonSchema(schema: GenericSchema): JsonObject {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonObject;
  return rest;
}

const json = (schema: JsonObject) => ({ 'application/json': { schema } });

const ERROR = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } }, required: ['error'] };

const SIGNED_IN = new Set<Route['who']>(['customer', 'account owner', 'guide', 'staff', 'operator']);

function parameters(route: Route): JsonObject[] {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = route.query
    ? Object.entries(route.query.entries).map(([name, schema]) => ({
        name,
        in: 'query',
        required: schema.type !== 'optional',
        schema: jsonSchema(schema),
      }))
    : [];
  return [...inPath, ...query];
}

function operation(name: string, tag: string, route: Route): JsonObject {
  const params = parameters(route);
  return {
    operationId: name,
    tags: [tag],
    summary: route.summary,
    description: `Who may call it: ${CALLERS[route.who]}`,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body ? { requestBody: { required: true, content: json(jsonSchema(route.body)) } } : {}),
    responses: {
      '200': { description: `The ${route.what.replace(/^(the|your) /, '')}.`, content: json(jsonSchema(route.answer)) },
      default: {
        description: 'A refusal or a failure: its message is for the person who asked.',
        content: json({ $ref: '#/components/schemas/Error' }),
      },
    },
    security: SIGNED_IN.has(route.who) ? [{ firebaseIdToken: [] }] : [],
  };
}

/** The document, made once per process. */
let made: JsonObject | null = null;

export function openApiDocument(): JsonObject {
  if (made) return made;
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const [tag, table] of Object.entries(ROUTE_TABLES)) {
    for (const [name, route] of Object.entries(table as Record<string, Route>)) {
      (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(name, tag, route);
    }
  }
  made = {
    openapi: '3.1.0',
    info: {
      title: `${site.name} booking API`,
      version: '1',
      description: 'Bookings, parties, the waitlist, the trip day and the console. Money is in cents; instants are ISO 8601 in UTC.',
    },
    tags: Object.keys(ROUTE_TABLES).map((name) => ({ name })),
    components: {
      securitySchemes: {
        firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The signed-in user’s Firebase ID token.' },
      },
      schemas: { Error: ERROR },
    },
    paths,
  };
  return made;
}
