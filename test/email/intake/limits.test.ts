/**
 * D22 limits that need no large message: items over INTAKE_MAX_ITEMS are dropped and counted, a
 * message over INTAKE_BUDGET_MS is stored failed with extraction_timeout (HTTP, SMTP, reprocess),
 * and reprocessing is rate-limited like any other request.
 */
import nodemailer from 'nodemailer';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { emailItemCount, intakeAddress, plainMail, postMail, SECRET } from './helpers.js';

const SIX_REQUESTS = [
  'Hi,',
  '',
  '- Please send the signed lease by Friday.',
  '- Please book the moving van for Saturday.',
  '- Please call the gas company about the meter.',
  '- Please forward the insurance letter to Dana.',
  '- Please renew the parking permit by December 1.',
  '- Please pay the deposit by Monday.',
  '',
  'Thanks',
].join('\n');

describe('INTAKE_MAX_ITEMS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ INTAKE_SECRET: SECRET, INTAKE_MAX_ITEMS: '3' });
  });
  afterAll(async () => t?.close());

  it('makes at most INTAKE_MAX_ITEMS items and says how many were dropped', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, plainMail({ to: address, subject: 'Moving checklist', body: SIX_REQUESTS }), { to: address });
    expect(res.status).toBe(201);
    const made = res.body.data.tasks.length + res.body.data.events.length;
    expect(made).toBe(3);
    expect(await emailItemCount(t, u)).toBe(3);
    const email = (await t.as(u).get(`/emails/${res.body.data.email_id}`)).body.data;
    expect(email).toMatchObject({ status: 'processed', items_dropped: 3, failure_reason: null });
    expect((await t.as(u).get('/emails')).body.data[0].items_dropped).toBe(3);

    // Reprocessing keeps the cap: nothing new is made, the count stays.
    const again = await t.as(u).post(`/emails/${res.body.data.email_id}/reprocess`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ items_dropped: 3, status: 'processed' });
    expect(await emailItemCount(t, u)).toBe(3);
  });

  it('a message stored under its bytes (read over budget before this was fixed) takes its Message-ID when reprocessed', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, plainMail({ to: address, messageId: 'legacy-1' }), { to: address });
    const id = res.body.data.email_id;
    await t.app.database.db.updateTable('emails').set({ message_id: 'sha256:00ff' }).where('id', '=', id).execute();
    expect((await t.as(u).get(`/emails/${id}`)).body.data.message_id).toBeNull();
    expect((await t.as(u).post(`/emails/${id}/reprocess`)).status).toBe(200);
    expect((await t.as(u).get(`/emails/${id}`)).body.data.message_id).toBe('legacy-1@example.org');
    // A redelivery is now a repeat of it.
    expect((await postMail(t, plainMail({ to: address, messageId: 'legacy-1', subject: 'other bytes' }), { to: address })).body.data.email_id).toBe(id);
  });

  it('a message under the cap drops nothing', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, plainMail({ to: address }), { to: address });
    expect(res.status).toBe(201);
    expect((await t.as(u).get(`/emails/${res.body.data.email_id}`)).body.data.items_dropped).toBe(0);
  });

  it('documents items_dropped and failure_reason on the Email schema', async () => {
    const doc = (await t.request('GET', '/api/v1/docs/openapi.json')).body;
    const data = doc.paths['/api/v1/emails/{id}'].get.responses['200'].content['application/json'].schema.properties.data;
    // A named schema (D21): the answer refers to components.schemas.Email.
    const email = data.$ref ? doc.components.schemas[data.$ref.split('/').pop()] : data;
    expect(data.$ref).toBe('#/components/schemas/Email');
    expect(email.required).toEqual(expect.arrayContaining(['items_dropped', 'failure_reason']));
    expect(email.properties.items_dropped).toMatchObject({ type: 'integer', minimum: 0 });
    expect(email.properties.failure_reason.enum).toEqual(expect.arrayContaining(['extraction_timeout', null]));
  });
});

describe('INTAKE_BUDGET_MS', () => {
  let t: TestApp;
  // Long enough that reading it takes far more than the 1 ms budget even on a fast, idle machine
  // (a short mail can be read within a millisecond once the worker is warm).
  const slowBody = Array.from({ length: 1500 }, (_, i) => `Please review item ${i} by Friday and call Bob tomorrow at 3pm about the meeting.`).join('\n');
  beforeAll(async () => {
    // 1 ms: no message can be parsed and read in time.
    t = await startTestApp({ INTAKE_SECRET: SECRET, INTAKE_BUDGET_MS: '1', INTAKE_SMTP_PORT: '0' });
  });
  afterAll(async () => t?.close());

  it('stores a message over budget as failed with extraction_timeout and makes nothing (HTTP)', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, plainMail({ to: address, body: slowBody }), { to: address });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ field: 'body', constraint: 'extraction_timeout' });
    const emailId = res.body.data.email_id;
    const email = (await t.as(u).get(`/emails/${emailId}`)).body.data;
    expect(email).toMatchObject({ status: 'failed', failure_reason: 'extraction_timeout', task_ids: [], event_ids: [] });
    expect(email.error).toMatch(/INTAKE_BUDGET_MS/);
    expect(await emailItemCount(t, u)).toBe(0);

    // Reprocessing runs under the same budget.
    const again = await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'failed', failure_reason: 'extraction_timeout' });
    expect(await emailItemCount(t, u)).toBe(0);
  });

  it('a message over budget keeps its Message-ID: a redelivery with other bytes is a repeat, not a second message (D16)', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const mail = (hop: string) =>
      plainMail({ to: address, body: slowBody, messageId: 'over-budget-1', headers: { Received: `from ${hop} by mx.example.org` } });
    const first = await postMail(t, mail('a.example.net'), { to: address });
    expect(first.body.details).toEqual({ field: 'body', constraint: 'extraction_timeout' });
    expect((await t.as(u).get(`/emails/${first.body.data.email_id}`)).body.data.message_id).toBe('over-budget-1@example.org');
    const second = await postMail(t, mail('b.example.net'), { to: address });
    expect(second.body.data.email_id).toBe(first.body.data.email_id);
    expect((await t.as(u).get('/emails')).body.data).toHaveLength(1);
  });

  it('answers 554 over SMTP and keeps the message as failed with extraction_timeout', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: t.app.smtpPort!, secure: false, ignoreTLS: true });
    const err: any = await transport
      .sendMail({ envelope: { from: 'marcus@example.org', to: [address] }, raw: plainMail({ to: address, body: slowBody }) })
      .catch((e) => e);
    transport.close();
    expect(err?.responseCode).toBe(554);
    const emails = (await t.as(u).get('/emails')).body.data;
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ status: 'failed', failure_reason: 'extraction_timeout' });
    expect(await emailItemCount(t, u)).toBe(0);
  });
});

describe('POST /emails/{id}/reprocess is rate-limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ INTAKE_SECRET: SECRET, RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_S: '3600' });
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After when hammered', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, plainMail({ to: address }), { to: address });
    expect(res.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 25 }, () => t.as(u).post(`/emails/${res.body.data.email_id}/reprocess`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(15);
    expect(limited[0].body.error).toBe('rate_limit_exceeded');
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  });
});

describe('configuration', () => {
  it('defaults to a 2 s budget, 50 items and one worker per core', () => {
    const { intake } = loadConfig({});
    expect(intake).toMatchObject({ budgetMs: 2000, maxItems: 50, poolSize: os.availableParallelism() });
  });

  it('reports every bad intake limit at once', () => {
    let err: unknown;
    try {
      loadConfig({ INTAKE_BUDGET_MS: '0', INTAKE_MAX_ITEMS: 'many', INTAKE_POOL_SIZE: '65' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    expect(problems).toMatch(/INTAKE_BUDGET_MS/);
    expect(problems).toMatch(/INTAKE_MAX_ITEMS/);
    expect(problems).toMatch(/INTAKE_POOL_SIZE/);
  });
});
