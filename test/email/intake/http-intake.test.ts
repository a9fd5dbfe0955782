import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { emailItemCount, intakeAddress, plainMail, postMail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INTAKE_SECRET: 'test-intake-secret-0123456789', INTAKE_MAX_BYTES: '65536' });
});
afterAll(async () => t?.close());

describe('POST /intake/email', () => {
  it('turns a message into published tasks with provenance, and lists it under /emails', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const raw = plainMail({ to: address });
    const res = await postMail(t, raw, { to: address });
    expect(res.status).toBe(201);
    const { email_id, tasks, events } = res.body.data;
    expect(events).toEqual([]);
    expect(tasks.length).toBeGreaterThanOrEqual(1);
    const deck = tasks.find((x: any) => /investor deck/i.test(x.title));
    expect(deck).toMatchObject({ source_email_id: email_id, version_major: 1, version_minor: 0, is_published: true, user_id: u.id });
    expect(deck.extraction_confidence).toBeGreaterThan(0.5);
    expect(deck.due_date).toBe('2026-11-21T07:59:00.000Z'); // Friday 23:59 at -08:00
    expect(deck.description).toMatch(/marcus@example.org|Marcus Hale/);

    const listed = await t.as(u).get(`/tasks?source_email_id=${email_id}`);
    expect(listed.body.data.map((x: any) => x.id).sort()).toEqual(tasks.map((x: any) => x.id).sort());

    const emails = await t.as(u).get('/emails');
    expect(emails.status).toBe(200);
    expect(emails.body.data).toHaveLength(1);
    expect(emails.body.data[0]).toMatchObject({
      id: email_id,
      subject: 'Board prep',
      from: 'marcus@example.org',
      status: 'processed',
      error: null,
      size: raw.length,
    });
    expect(emails.body.data[0].task_ids.sort()).toEqual(tasks.map((x: any) => x.id).sort());

    const one = await t.as(u).get(`/emails/${email_id}`);
    expect(one.body.data).toMatchObject({ id: email_id, status: 'processed', message_id: expect.stringMatching(/@example.org$/) });
    const download = await t.as(u).get(`/emails/${email_id}/raw`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(Buffer.from(download.text, 'utf8').equals(raw)).toBe(true);

    // The change log has a create by the email actor for each task.
    const changes = await t.app.database.db.selectFrom('changes').selectAll().where('record_id', '=', deck.id).execute();
    expect(changes).toMatchObject([{ op: 'create', actor_id: u.id, version: '1.0' }]);
  });

  it('processes a Message-ID once per user: a repeat answers 200 with the first result', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const raw = plainMail({ to: address, messageId: 'repeat-me' });
    const first = await postMail(t, raw, { to: address });
    expect(first.status).toBe(201);
    const before = await emailItemCount(t, u);
    const again = await postMail(t, raw, { to: address });
    expect(again.status).toBe(200);
    expect(again.body.data.email_id).toBe(first.body.data.email_id);
    expect(again.body.data.tasks.map((x: any) => x.id)).toEqual(first.body.data.tasks.map((x: any) => x.id));
    expect(await emailItemCount(t, u)).toBe(before);
    expect((await t.as(u).get('/emails')).body.data).toHaveLength(1);

    // Another user receiving the same Message-ID is a different delivery.
    const v = await t.user();
    const other = await postMail(t, raw, { to: await intakeAddress(t, v) });
    expect(other.status).toBe(201);

    // Without a Message-ID an exact resend is still recognised (by its bytes).
    const bare = plainMail({ to: address, messageId: null, subject: 'No id here' });
    expect((await postMail(t, bare, { to: address })).status).toBe(201);
    const bareAgain = await postMail(t, bare, { to: address });
    expect(bareAgain.status).toBe(200);
    const listed = await t.as(u).get('/emails');
    expect(listed.body.data.find((e: any) => e.id === bareAgain.body.data.email_id).message_id).toBeNull();
  });

  it('makes the items once when the same message arrives twice at the same time', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const raw = plainMail({ to: address, messageId: 'twice-at-once' });
    const answers = await Promise.all([postMail(t, raw, { to: address }), postMail(t, raw, { to: address })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.data.email_id).toBe(answers[1].body.data.email_id);
    expect(await emailItemCount(t, u)).toBe(answers[0].body.data.tasks.length);
    expect((await t.as(u).get('/emails')).body.data).toHaveLength(1);
  });

  it('rolls every item back when one breaks a rule, and keeps the message as failed', async () => {
    const u = await t.user();
    const raw = plainMail({ to: await intakeAddress(t, u) });
    const outcome = await t.app.services.intake.receive({ id: u.id, email: u.email }, raw, {
      facts: { messageId: 'half-made@example.org', subject: 'Two items', from: 'ana@example.org' },
      items: {
        tasks: [
          { title: 'A fine task', description: 'from mail', due_date: null, confidence: 0.8 },
          { title: '   ', description: 'a blank title breaks a rule', due_date: null, confidence: 0.8 },
        ],
        events: [],
        cancellations: [],
        errors: [],
      },
    });
    expect(outcome).toMatchObject({ status: 'failed', tasks: [], events: [] });
    expect(outcome.error).toMatch(/title/);
    expect(await emailItemCount(t, u)).toBe(0);
    const changes = await t.app.database.db.selectFrom('changes').select('seq').where('actor_id', '=', u.id).execute();
    expect(changes).toEqual([]);
    expect((await t.as(u).get(`/emails/${outcome.emailId}`)).body.data).toMatchObject({ status: 'failed', task_ids: [] });
  });

  it('finds the recipient in Delivered-To, X-Original-To, To or Cc when ?to= is absent', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const variants: Record<string, string>[] = [{ 'Delivered-To': address }, { 'X-Original-To': address }, { Cc: `Someone <${address}>` }];
    for (const headers of variants) {
      const res = await postMail(t, plainMail({ to: 'someone@example.com', headers }));
      expect(res.status).toBe(201);
      expect(res.body.data.tasks[0].user_id).toBe(u.id);
    }
  });

  it('needs the intake secret', async () => {
    const raw = plainMail({ to: 'x@intake.localhost' });
    for (const secret of [null, 'wrong-secret-wrong-secret']) {
      const res = await postMail(t, raw, { secret });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });
});

describe('bad input: a clear 4xx and nothing half-made', () => {
  it.each([
    ['an empty body', Buffer.alloc(0), 400, 'empty'],
    ['JSON instead of a message', Buffer.from('{"subject":"hi"}'), 400, 'rfc5322'],
    ['text that is not a message', Buffer.from('just some words\nand more words\n'), 400, 'rfc5322'],
    [
      'a multipart message without a boundary',
      Buffer.from('From: a@example.org\r\nSubject: x\r\nContent-Type: multipart/mixed\r\n\r\nhello\r\n'),
      400,
      'rfc5322',
    ],
    [
      'a multipart message whose boundary never starts a part',
      Buffer.from('From: a@example.org\r\nSubject: x\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\nplease send the deck\r\n'),
      400,
      'rfc5322',
    ],
    ['a message with no subject, text or calendar', Buffer.from('From: a@example.org\r\nTo: b@example.org\r\n\r\n'), 422, 'no_content'],
  ])('%s', async (_name, raw, status, constraint) => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const res = await postMail(t, raw, { to: address });
    expect(res.status).toBe(status);
    expect(res.body.details).toEqual({ field: 'body', constraint });
    expect(await emailItemCount(t, u)).toBe(0);
    expect((await t.as(u).get('/emails')).body.data).toEqual([]);
  });

  it('rejects an unknown, rotated or missing recipient with 422', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const unknown = await postMail(t, plainMail(), { to: 'nobody@intake.localhost' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details).toEqual({ field: 'to', constraint: 'unknown_recipient' });
    const wrongDomain = await postMail(t, plainMail({ to: address.replace(/@.*/, '@example.com') }));
    expect(wrongDomain.status).toBe(422);
    const none = await postMail(t, Buffer.from('From: a@example.org\r\nSubject: hi\r\n\r\nplease call me\r\n'));
    expect(none.body.details).toEqual({ field: 'to', constraint: 'required' });

    await t.as(u).post('/account/intake-address');
    const rotated = await postMail(t, plainMail({ to: address }), { to: address });
    expect(rotated.status).toBe(422);
    expect(await emailItemCount(t, u)).toBe(0);
    const fresh = await intakeAddress(t, u);
    expect((await postMail(t, plainMail({ to: fresh }), { to: fresh })).status).toBe(201);
  });

  it('answers 413 over INTAKE_MAX_BYTES and 415 for other content types', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const big = plainMail({ to: address, body: `Please read this.\n${'x'.repeat(70_000)}` });
    const tooBig = await postMail(t, big, { to: address });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/65536 bytes/);
    const json = await postMail(t, JSON.stringify({ raw: 'x' }), { to: address, type: 'application/json' });
    expect(json.status).toBe(415);
    expect(await emailItemCount(t, u)).toBe(0);
  });

  it('keeps a message whose calendar part does not parse, marks it failed and makes nothing', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const raw = Buffer.from(
      [
        'From: Ana <ana@example.org>',
        `To: ${address}`,
        'Subject: Planning meeting',
        'Message-ID: <badcal-1@example.org>',
        'Date: Tue, 17 Nov 2026 09:00:00 +0100',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="xx"',
        '',
        '--xx',
        'Content-Type: text/plain',
        '',
        'Please review the agenda before Friday.',
        '',
        '--xx',
        'Content-Type: text/calendar; method=REQUEST',
        '',
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'DTSTART:garbage',
        '',
        '--xx--',
        '',
      ].join('\r\n'),
    );
    const res = await postMail(t, raw, { to: address });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ field: 'body', constraint: 'unprocessable_message' });
    const emailId = res.body.data.email_id;
    expect(await emailItemCount(t, u)).toBe(0);
    const stored = await t.as(u).get(`/emails/${emailId}`);
    expect(stored.body.data).toMatchObject({ status: 'failed', task_ids: [], event_ids: [] });
    expect(stored.body.data.error).toMatch(/calendar/i);
    expect((await t.as(u).get(`/emails/${emailId}/raw`)).text).toBe(raw.toString('utf8'));
    // A repeat answers the same failure and still makes nothing.
    expect((await postMail(t, raw, { to: address })).status).toBe(422);
    const reprocessed = await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(reprocessed.status).toBe(200);
    expect(reprocessed.body.data.status).toBe('failed');
    expect(await emailItemCount(t, u)).toBe(0);
  });
});

describe('/api/v1/emails', () => {
  it('reprocesses without duplicating items already made', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const first = await postMail(t, plainMail({ to: address }), { to: address });
    const emailId = first.body.data.email_id;
    const made = first.body.data.tasks.map((x: any) => x.id);
    expect(made.length).toBeGreaterThanOrEqual(2);

    const again = await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(again.status).toBe(200);
    expect(again.body.data.task_ids).toEqual(made);
    expect(await emailItemCount(t, u)).toBe(made.length);

    // A task the user deleted is not brought back.
    await t.as(u).delete(`/tasks/${made[0]}`);
    await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(await emailItemCount(t, u)).toBe(made.length - 1);

    // An item the stored result does not know (say, an older extractor missed it) is made once.
    const row = await t.app.database.db.selectFrom('emails').select('result').where('id', '=', emailId).executeTakeFirstOrThrow();
    const result = JSON.parse(row.result!);
    result.tasks = result.tasks.slice(0, 1);
    await t.app.database.db
      .updateTable('emails')
      .set({ result: JSON.stringify(result) })
      .where('id', '=', emailId)
      .execute();
    const third = await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(third.body.data.task_ids).toHaveLength(made.length);
    expect(await emailItemCount(t, u)).toBe(made.length);
    await t.as(u).post(`/emails/${emailId}/reprocess`);
    expect(await emailItemCount(t, u)).toBe(made.length);
  });

  it("pages, filters by status, and hides other users' messages (404)", async () => {
    const u = await t.user();
    const stranger = await t.user();
    const address = await intakeAddress(t, u);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postMail(t, plainMail({ to: address, subject: `Note ${i}` }), { to: address })).body.data.email_id);
    const page = await t.as(u).get('/emails?limit=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.pagination).toEqual({ limit: 2, offset: 0, total: 3, hasMore: true });
    const rest = await t.as(u).get('/emails?limit=2&offset=2');
    expect([...page.body.data, ...rest.body.data].map((e: any) => e.id).sort()).toEqual([...ids].sort());
    expect((await t.as(u).get('/emails?status=failed')).body.data).toEqual([]);
    expect((await t.as(u).get('/emails?status=processed')).body.meta.pagination.total).toBe(3);

    expect((await t.as(stranger).get('/emails')).body.data).toEqual([]);
    for (const path of [`/emails/${ids[0]}`, `/emails/${ids[0]}/raw`]) expect((await t.as(stranger).get(path)).status).toBe(404);
    expect((await t.as(stranger).post(`/emails/${ids[0]}/reprocess`)).status).toBe(404);
    expect((await t.as(u).get('/emails/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
