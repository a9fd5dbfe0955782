/**
 * The rules every operation in the OpenAPI document follows (D21), checked when routes are
 * registered so a route added by any door cannot forget them: an `operationId` (camelCase, unique),
 * tags from API_TAGS, a summary, and a declared `security`. A route left out of the document says
 * `hide: true`.
 * The rules and how to follow them: docs/api.md "OpenAPI rules".
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export const API_TAGS = [
  { name: 'Tasks', description: 'Tasks, their drafts and versions, assignees and comments' },
  { name: 'Events', description: 'Calendar events, their drafts and versions, attendees and comments' },
  { name: 'Contexts', description: 'Contexts (nested up to 3 levels) and sharing them' },
  { name: 'Sync', description: 'One feed of every change to what you can see (docs/sync.md)' },
  { name: 'Emails', description: 'Messages received at your intake address and what they made' },
  { name: 'Webhooks', description: 'Signed deliveries of changes to a URL you register (docs/webhooks.md)' },
  { name: 'Accounts', description: 'Sign-up, sessions and API tokens (outside /api/v1)' },
  { name: 'Email intake', description: 'Delivery of raw messages by a mail provider or MTA' },
  { name: 'Health', description: 'Liveness and readiness, without a token' },
  { name: 'Docs', description: 'This document and its reference page' },
];

const TAG_NAMES = new Set(API_TAGS.map((t) => t.name));
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

interface DocumentedSchema {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown;
  hide?: boolean;
}

/**
 * Routes are collected as they are registered and checked once every hook has run (a scope may
 * hide its routes or add `security` in its own onRoute hook, which runs after this one), so
 * startup fails (`ready()`, `listen()`) naming the route that breaks a rule.
 */
export function enforceOpenApiRules(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const seen = new Map<string, string>();
    for (const route of routes) checkRoute(route, seen);
  });
}

function checkRoute(route: RouteOptions, seen: Map<string, string>) {
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  const schema = route.schema as DocumentedSchema | undefined;
  if (!methods.length || schema?.hide) return;
  const where = `${methods.join(',')} ${route.url}`;
  const fail = (rule: string): never => {
    throw new Error(`OpenAPI rules (docs/api.md): ${where} ${rule}, or set schema.hide to keep it out of the document`);
  };
  if (methods.length > 1) fail('must register one method per route (each operation needs its own operationId)');
  const id = schema?.operationId;
  if (!id) return fail('needs schema.operationId (camelCase verb + noun, e.g. listTasks)');
  if (!OPERATION_ID.test(id)) fail(`has operationId "${id}", which is not camelCase`);
  if (seen.has(id)) fail(`reuses operationId "${id}" of ${seen.get(id)}`);
  seen.set(id, where);
  if (!schema.tags?.length || !schema.tags.every((t) => TAG_NAMES.has(t))) fail(`needs tags from API_TAGS (${[...TAG_NAMES].join(', ')})`);
  if (!schema.summary) fail('needs a summary');
  if (!Array.isArray(schema.security)) fail('declares no security: register it in a scope that sets one, or give schema.security ([] for a public route)');
}
