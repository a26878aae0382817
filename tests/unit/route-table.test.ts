import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/openapi.ts';
import { ROUTES } from '../../shared/contract/routes/index.ts';
import { fillPath } from '../../shared/contract/routes/route.ts';
import { README, readmeTable, routesMarkdown } from '../../scripts/route-table.ts';

describe('the route table', () => {
  it('declares each method and path once', () => {
    const calls = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`);
    expect(calls.length).toBeGreaterThan(60);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('fills a path with its parameters, encoded, and refuses one left out', () => {
    expect(fillPath(ROUTES.cancelBooking.path, { bookingId: 'bk a/b' })).toBe('/bookings/bk%20a%2Fb/cancellation');
    expect(() => fillPath(ROUTES.cancelBooking.path, {})).toThrow('The path /bookings/{bookingId}/cancellation needs bookingId.');
  });

  it('is served as a valid OpenAPI 3.1 document that covers every route', async () => {
    const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => `${operation.operationId} ${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      Object.entries(ROUTES)
        .map(([name, route]) => `${name} ${route.method} ${route.path}`)
        .sort(),
    );
  });

  it('describes a body, an answer and who may call', () => {
    const paths = (openApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    const cancel = paths['/bookings/{bookingId}/cancellation']?.['post'];
    expect(cancel).toMatchObject({
      operationId: 'cancelBooking',
      parameters: [{ name: 'bookingId', in: 'path', required: true }],
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { quoteId: { type: 'string' } } } } } },
      security: [{ firebaseIdToken: [] }],
    });
    expect(paths['/stripe/products']?.['get']).toMatchObject({ security: [] });
  });

  it('is the table of routes the README shows', async () => {
    expect(readmeTable(readFileSync(README, 'utf8'))).toBe(await routesMarkdown());
  });
});
