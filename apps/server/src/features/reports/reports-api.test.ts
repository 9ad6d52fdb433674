import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX_LENGTH, type AdminReport, type AdminReportPage } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { block, caller, openConversation, send, type Person } from '../../../test/messages-fixtures.ts';

describe.each(DIALECTS)('reports on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let secondAdmin: Person;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await signUp(t.app);
    secondAdmin = await signUp(t.app);
    // The first admin exists before anyone can grant roles through the API.
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
    expect(
      (await call('PUT', `/api/admin/users/${secondAdmin.id}/roles/admin`, admin.cookie)).statusCode,
    ).toBe(200);
  });
  afterAll(async () => t.close());

  const report = (person: Person, payload: unknown) => call('POST', '/api/reports', person.cookie, payload);
  const queue = async (query = '') =>
    (await call('GET', `/api/admin/reports${query}`, admin.cookie)).json() as AdminReportPage;

  it('needs a session to report and the admin role to see or work the queue', async () => {
    expect((await call('POST', '/api/reports', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reports')).statusCode).toBe(401);
    const plain = await signUp(t.app);
    const listed = await call('GET', '/api/admin/reports', plain.cookie);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().error.code).toBe('FORBIDDEN');
    expect(
      (await call('POST', '/api/admin/reports/x/resolve', plain.cookie, { outcome: 'dismissed' })).statusCode,
    ).toBe(403);
  });

  it('files a report on a user or on a message of one’s own conversation, with a reason from the list and a short note', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, bea, ana);
    const message = await send(t.app, bea, id, 'Mándame tu número de tarjeta y te consigo entradas');

    const onUser = await report(ana, {
      target: { kind: 'user', userId: bea.id },
      reason: 'harassment',
      note: '  Me escribe sin parar  ',
    });
    expect(onUser.statusCode).toBe(201);
    expect(onUser.json()).toMatchObject({ id: expect.any(String), status: 'open' });
    const onMessage = await report(ana, {
      target: { kind: 'message', messageId: message.id },
      reason: 'scam',
    });
    expect(onMessage.statusCode).toBe(201);

    const items = (await queue()).items.filter((r) => r.reporter.id === ana.id);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      kind: 'user',
      reason: 'harassment',
      note: 'Me escribe sin parar',
      status: 'open',
      reported: { id: bea.id, email: bea.email },
      message: null,
    });
    expect(items[1]).toMatchObject({
      kind: 'message',
      reason: 'scam',
      note: null,
      reporter: { id: ana.id, email: ana.email },
      reported: { id: bea.id },
      message: {
        id: message.id,
        body: 'Mándame tu número de tarjeta y te consigo entradas',
        createdAt: message.createdAt,
      },
    });

    // Blocking afterwards does not stop a report on what was already said.
    const later = await send(t.app, bea, id, '¿Por qué no contestas?');
    await block(t.app, ana, bea);
    expect((await call('GET', `/api/conversations/${id}`, ana.cookie)).statusCode).toBe(404);
    const afterBlock = await report(ana, {
      target: { kind: 'message', messageId: later.id },
      reason: 'harassment',
    });
    expect(afterBlock.statusCode).toBe(201);
  });

  it('refuses bad reports with the right status and stores nothing', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const eve = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const mine = await send(t.app, ana, id, 'mío');
    const before = (await queue()).openCount;

    const cases: [unknown, number, string][] = [
      [{ target: { kind: 'user', userId: ana.id }, reason: 'spam' }, 400, 'CANNOT_REPORT_SELF'],
      [{ target: { kind: 'user', userId: 'nadie' }, reason: 'spam' }, 404, 'USER_NOT_FOUND'],
      [{ target: { kind: 'message', messageId: mine.id }, reason: 'spam' }, 400, 'CANNOT_REPORT_OWN_MESSAGE'],
      [{ target: { kind: 'message', messageId: 'nada' }, reason: 'spam' }, 404, 'MESSAGE_NOT_FOUND'],
      [{ target: { kind: 'user', userId: bea.id }, reason: 'because' }, 400, 'VALIDATION_ERROR'],
      [{ target: { kind: 'group', userId: bea.id }, reason: 'spam' }, 400, 'VALIDATION_ERROR'],
      [
        {
          target: { kind: 'user', userId: bea.id },
          reason: 'other',
          note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1),
        },
        400,
        'VALIDATION_ERROR',
      ],
      [{ reason: 'spam' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await report(ana, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    // Someone outside the conversation cannot report (or learn about) its messages.
    const outsider = await report(eve, { target: { kind: 'message', messageId: mine.id }, reason: 'spam' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.code).toBe('MESSAGE_NOT_FOUND');
    expect((await queue()).openCount).toBe(before);

    const longest = await report(ana, {
      target: { kind: 'user', userId: bea.id },
      reason: 'other',
      note: 'n'.repeat(REPORT_NOTE_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('keeps one open report per person and target, even when sent twice at once', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const responses = await Promise.all(
      [0, 1, 2].map(() => report(ana, { target: { kind: 'user', userId: bea.id }, reason: 'spam' })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().error.code).toBe('REPORT_ALREADY_OPEN');
    // Someone else may report the same person.
    expect(
      (await report(await signUp(t.app), { target: { kind: 'user', userId: bea.id }, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
  });

  it('lists the open queue oldest first, paginated, and closes each report once: resolved or dismissed', async () => {
    const reporters = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const target = await signUp(t.app);
    const filed: string[] = [];
    for (const r of reporters)
      filed.push(
        (await report(r, { target: { kind: 'user', userId: target.id }, reason: 'impersonation' })).json().id,
      );

    // Walk the whole open queue a page at a time: oldest first, no repeats, ours in filing order.
    const all: AdminReport[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminReportPage = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(all.map((r) => r.id).filter((id) => filed.includes(id))).toEqual(filed);
    const openBefore = (await queue()).openCount;
    expect(openBefore).toBe(all.length);

    // Two admins act on the same report at once: one wins, the other is told.
    const racing = await Promise.all([
      call('POST', `/api/admin/reports/${filed[0]}/resolve`, admin.cookie, {
        outcome: 'resolved',
        note: 'Cuenta suspendida',
      }),
      call('POST', `/api/admin/reports/${filed[0]}/resolve`, secondAdmin.cookie, { outcome: 'dismissed' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json().error.code).toBe('REPORT_ALREADY_CLOSED');
    const winner = racing.find((r) => r.statusCode === 200)!.json() as AdminReport;
    expect(winner.status).toMatch(/resolved|dismissed/);
    expect(winner.resolvedAt).toEqual(expect.any(String));
    expect([admin.id, secondAdmin.id]).toContain(winner.resolvedBy!.id);

    const dismissed = await call('POST', `/api/admin/reports/${filed[1]}/resolve`, admin.cookie, {
      outcome: 'dismissed',
      note: 'No infringe las normas',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      resolutionNote: 'No infringe las normas',
      resolvedBy: { id: admin.id },
    });

    expect(
      (await call('POST', '/api/admin/reports/nope/resolve', admin.cookie, { outcome: 'resolved' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/reports/${filed[2]}/resolve`, admin.cookie, { outcome: 'deleted' }))
        .statusCode,
    ).toBe(400);

    const open = await queue('?limit=100');
    expect(open.openCount).toBe(openBefore - 2);
    expect(open.items.map((r) => r.id)).toContain(filed[2]);
    expect(open.items.map((r) => r.id)).not.toContain(filed[1]);
    const closed = (await queue('?status=dismissed&limit=100')).items.map((r) => r.id);
    expect(closed).toContain(filed[1]);
    expect((await call('GET', '/api/admin/reports?status=archived', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/reports?cursor=nonsense', admin.cookie)).statusCode).toBe(400);

    // Once handled, the same person may report the same target again.
    expect(
      (await report(reporters[1], { target: { kind: 'user', userId: target.id }, reason: 'impersonation' }))
        .statusCode,
    ).toBe(201);
  });
});
