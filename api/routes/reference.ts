/**
 * The API's own description: GET /openapi.json (the OpenAPI 3.1 document made from the route table,
 * ../openapi.ts) and GET /reference, a readable page of it drawn by RapiDoc, whose script the API
 * serves itself so that the page works with no other server in reach.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { openApiDocument } from '../openapi.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { declarer } from './declare.ts';

const SCRIPT = createRequire(import.meta.url).resolve('rapidoc/dist/rapidoc-min.js');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking API reference</title>
<script type="module" src="/reference/rapidoc-min.js"></script>
</head>
<body>
<noscript><p>This reference is drawn by a script. The description itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<rapi-doc spec-url="/openapi.json" render-style="read" show-header="false" allow-try="false" allow-authentication="false"
  allow-server-selection="false" load-fonts="false" schema-style="table" primary-color="#1f4e79"
  regular-font="system-ui, sans-serif" font-size="large"></rapi-doc>
</body>
</html>`;

export function referenceRoutes() {
  const group = new Hono<AppEnv>();
  declarer(group, '')(PUBLIC_ROUTES.openApi, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument());
  });
  group.get('/reference', (c) => c.html(PAGE));
  group.get('/reference/rapidoc-min.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await readFile(SCRIPT));
  });
  return group;
}
