/**
 * The OpenAPI document as a product (D21): the rules every operation follows, checked on the
 * served document, and the startup check that keeps routes added later from breaking them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceOpenApiRules } from '../../src/http/openapi/rules.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface Op {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { $ref?: string }; example?: unknown }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { example?: unknown }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, any>; responses: Record<string, { headers: Record<string, unknown> }>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: Doc;
let ops: Array<[string, string, Op]>;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.request('GET', '/api/v1/docs/openapi.json')).body;
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]): [string, string, Op] => [path, method, op]));
});
afterAll(async () => {
  await t.close();
});

describe('the served OpenAPI document', () => {
  it('gives every operation a unique operationId, tags, a summary, a description and declared security', () => {
    expect(ops.length).toBeGreaterThan(60);
    const ids = ops.map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, method, op] of ops) {
      expect({ path, method, tags: op.tags?.length, summary: !!op.summary, description: !!op.description, security: Array.isArray(op.security) }).toEqual({
        path,
        method,
        tags: 1,
        summary: true,
        description: true,
        security: true,
      });
    }
    const security = (id: string) => ops.find(([, , op]) => op.operationId === id)![2].security;
    expect(security('createTask')).toEqual([{ bearerAuth: [] }, { oauth2: ['tasks:write'] }]);
    expect(security('getAccount')).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(security('login')).toEqual([]);
    expect(security('checkReadiness')).toEqual([]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'agendum_session' });
  });

  it('names the schemas a client uses and refers to them', () => {
    for (const name of [
      'Task',
      'Event',
      'Context',
      'TaskComment',
      'EventComment',
      'Share',
      'Attendee',
      'Assignee',
      'SyncItem',
      'Error',
      'Pagination',
      'HistoryEntry',
      'TaskCreate',
      'TaskBatchCreate',
    ]) {
      expect(doc.components.schemas[name], name).toBeTruthy();
    }
    const create = ops.find(([, , op]) => op.operationId === 'createTask')![2];
    expect(create.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TaskCreate' });
    expect(doc.components.schemas.TaskComment.required).toContain('task_id');
    expect(doc.components.schemas.EventComment.required).toContain('event_id');
  });

  it('discriminates sync items on type and enumerates error names and constraints', () => {
    const item = doc.components.schemas.SyncItem;
    expect(item.oneOf).toHaveLength(3);
    expect(item.discriminator.propertyName).toBe('type');
    expect(doc.components.schemas.TaskSyncItem.properties.type.enum).toEqual(['task']);
    expect(doc.components.schemas.TaskSyncItem.properties.record).toEqual({ $ref: '#/components/schemas/Task' });
    const error = doc.components.schemas.Error;
    expect(error.properties.error.enum).toEqual(expect.arrayContaining(['validation_error', 'not_found', 'rate_limit_exceeded']));
    expect(error.properties.details.properties.constraint.enum).toEqual(expect.arrayContaining(['required', 'unknown_field', 'transition']));
    const lastLive = doc.components.schemas.Task.properties.last_live;
    expect(lastLive).toMatchObject({ type: 'object', nullable: true, additionalProperties: false });
    expect(Object.keys(lastLive.properties)).toEqual(expect.arrayContaining(['version', 'title', 'status']));
  });

  it('declares headers on every answer, errors on every operation, and an example for every body and JSON answer', () => {
    for (const [path, method, op] of ops) {
      for (const status of ['400', '413', '414', '415', '431', '500']) expect(op.responses[status], `${method} ${path} ${status}`).toBeTruthy();
      for (const [status, response] of Object.entries(op.responses)) {
        const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()!] : response;
        expect(resolved.headers?.['X-Correlation-Id'], `${method} ${path} ${status}`).toBeTruthy();
        const json = response.content?.['application/json'];
        if (json && path !== '/api/v1/docs/openapi.json') expect(json.example, `${method} ${path} ${status} example`).toBeDefined();
      }
      const body = op.requestBody?.content['application/json'];
      if (body) expect(body.example, `${method} ${path} body example`).toBeDefined();
    }
    const create = ops.find(([, , op]) => op.operationId === 'createTask')![2];
    expect(Object.keys(create.responses['201'].headers!)).toEqual(expect.arrayContaining(['Location', 'Idempotent-Replayed', 'X-RateLimit-Remaining']));
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toBeTruthy();
    const raw = ops.find(([, , op]) => op.operationId === 'getEmailRaw')![2];
    expect(Object.keys(raw.responses['200'].content!)).toEqual(['message/rfc822']);
    expect(raw.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });
});

describe('the startup check for new routes', () => {
  async function build(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    enforceOpenApiRules(app);
    register(app);
    try {
      await app.ready();
      return null;
    } catch (err) {
      return (err as Error).message;
    } finally {
      await app.close();
    }
  }
  const ok = { tags: ['Tasks'], summary: 'x', security: [] };

  it('refuses a route without operationId, with an unknown tag, a reused id or no security', async () => {
    expect(await build((app) => app.get('/a', { schema: { ...ok } }, async () => 'a'))).toMatch(/GET \/a needs schema\.operationId/);
    expect(await build((app) => app.get('/a', { schema: { ...ok, operationId: 'getA', tags: ['Nope'] } }, async () => 'a'))).toMatch(
      /needs tags from API_TAGS/,
    );
    expect(
      await build((app) => {
        app.get('/a', { schema: { ...ok, operationId: 'getA' } }, async () => 'a');
        app.get('/b', { schema: { ...ok, operationId: 'getA' } }, async () => 'b');
      }),
    ).toMatch(/reuses operationId "getA"/);
    expect(await build((app) => app.get('/a', { schema: { operationId: 'getA', tags: ['Tasks'], summary: 'x' } }, async () => 'a'))).toMatch(
      /declares no security/,
    );
    expect(await build((app) => app.get('/a', {}, async () => 'a'))).toMatch(/operationId/);
  });

  it('accepts a complete route, security added by its scope, and hidden routes', async () => {
    expect(
      await build((app) => {
        app.get('/a', { schema: { ...ok, operationId: 'getA' } }, async () => 'a');
        app.register(async (scoped: FastifyInstance) => {
          scoped.addHook('onRoute', (route) => {
            route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
          });
          scoped.get('/b', { schema: { operationId: 'getB', tags: ['Tasks'], summary: 'b' } }, async () => 'b');
        });
        app.get('/page', { schema: { hide: true } }, async () => 'page');
      }),
    ).toBeNull();
  });
});
