import { expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from '../../src/notifications/templates.js';
import { addMember, createOrg, describeEachBackend, OWNER_PASSWORD, ownerEmailOf, send, signIn, type SignedIn } from '../helpers/harness.js';

/** Channels, templates, sends and the message log over HTTP (DESIGN.md §11.1), with the outbox as delivery. */
describeEachBackend('notifications', (h) => {
  async function owner() {
    const org = await createOrg(h().services, { services: [] });
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    return { org, who };
  }
  async function member(org: Awaited<ReturnType<typeof createOrg>>, role: 'ADMIN' | 'DEVELOPER' | 'VIEWER') {
    const m = await addMember(h().services, org, role);
    return signIn(h().app, m.email, m.password);
  }
  const fields = (res: { json(): any }) => ((res.json().errors ?? []) as Array<{ field: string }>).map((e) => e.field).sort();
  const create = (who: SignedIn, body: Record<string, unknown>) => send(h(), 'POST', '/v1/notifications/templates', who, body);
  const sendMsg = (who: SignedIn, body: Record<string, unknown>) => send(h(), 'POST', '/v1/notifications/send', who, body);
  const vcVars = { organisationName: 'Acme <Ltd>', verificationId: 'ver_1', type: 'NIN_LOOKUP', verificationStatus: 'VERIFIED' };

  it('lists the three channels in order with their delivery', async () => {
    const { who } = await owner();
    const res = await send(h(), 'GET', '/v1/notifications/channels', who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { channel: 'email', name: 'Email', delivery: 'OUTBOX' },
      { channel: 'sms', name: 'SMS', delivery: 'OUTBOX' },
      { channel: 'webhook', name: 'Webhook', delivery: 'HTTPS' },
    ]);
    expect((await send(h(), 'GET', '/v1/notifications/channels?x=1', who)).statusCode).toBe(400);
    expect((await send(h(), 'GET', '/v1/notifications/channels', null)).statusCode).toBe(401);
  });

  it('shows the nine built-ins exactly as the table, first and in order', async () => {
    const { who } = await owner();
    const res = await send(h(), 'GET', '/v1/notifications/templates', who);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as any[];
    expect(data.map((t) => [t.name, t.subject, t.variables, t.sendable])).toEqual([
      ['login-otp', 'Your idv sign-in code', ['otp', 'expiresInMinutes'], false],
      ['member-invite', 'Join {{organisationName}} on idv', ['organisationName', 'role', 'acceptUrl'], false],
      ['new-sign-in', 'New sign-in to your idv account', ['signedInAt', 'userAgent', 'ip'], false],
      ['low-balance', '{{organisationName}}: low wallet balance', ['organisationName', 'balance', 'threshold'], false],
      ['payment-received', '{{organisationName}}: payment received', ['organisationName', 'amount', 'reference', 'newBalance'], false],
      ['api-key-created', '{{organisationName}}: API key created', ['organisationName', 'keyName', 'keyType', 'last4'], false],
      ['api-key-revoked', '{{organisationName}}: API key revoked', ['organisationName', 'keyName', 'keyType', 'last4'], false],
      ['webhook-endpoint-disabled', '{{organisationName}}: webhook endpoint disabled', ['organisationName', 'url', 'reason'], false],
      ['verification-completed', '{{organisationName}}: verification completed', ['organisationName', 'verificationId', 'type', 'verificationStatus'], true],
    ]);
    for (const t of data) expect(t).toMatchObject({ channel: 'email', builtIn: true, createdAt: null, updatedAt: null });
    expect(BUILT_IN_TEMPLATES).toHaveLength(9);
    const one = await send(h(), 'GET', '/v1/notifications/templates/login-otp', who);
    expect(one.json().data).toEqual(data[0]);
    const sms = await send(h(), 'GET', '/v1/notifications/templates?channel=sms', who);
    expect(sms.json().data).toEqual([]);
    expect(fields(await send(h(), 'GET', '/v1/notifications/templates?channel=fax', who))).toEqual(['channel']);
  });

  it('creates, reads, lists, changes and deletes an own template', async () => {
    const { who } = await owner();
    const res = await create(who, { name: 'order-shipped', channel: 'email', subject: 'Order {{ orderId }}', body: 'Hi {{firstName}}, order {{orderId}} shipped via {{carrier}}.' });
    expect(res.statusCode).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({ name: 'order-shipped', channel: 'email', subject: 'Order {{ orderId }}', variables: ['orderId', 'firstName', 'carrier'], builtIn: false, sendable: true });
    expect(view.createdAt).toBe(view.updatedAt);
    await create(who, { name: 'a-sms', channel: 'sms', body: 'Code {{code}}' });
    await create(who, { name: 'hook', channel: 'webhook', body: '{"x":"{{x}}"}' });
    const list = (await send(h(), 'GET', '/v1/notifications/templates', who)).json().data as any[];
    expect(list.slice(9).map((t) => t.name)).toEqual(['a-sms', 'hook', 'order-shipped']);
    const smsOnly = (await send(h(), 'GET', '/v1/notifications/templates?channel=sms', who)).json().data as any[];
    expect(smsOnly.map((t) => [t.name, t.subject])).toEqual([['a-sms', null]]);

    const patched = await send(h(), 'PATCH', '/v1/notifications/templates/order-shipped', who, { body: 'Shipped: {{orderId}}' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ body: 'Shipped: {{orderId}}', variables: ['orderId'] });
    expect(fields(await send(h(), 'PATCH', '/v1/notifications/templates/order-shipped', who, {}))).toEqual(['body']);
    expect(fields(await send(h(), 'PATCH', '/v1/notifications/templates/order-shipped', who, { name: 'x' }))).toContain('name');
    expect(fields(await send(h(), 'PATCH', '/v1/notifications/templates/a-sms', who, { subject: 'no' }))).toEqual(['subject']);
    expect(fields(await send(h(), 'PATCH', '/v1/notifications/templates/a-sms', who, { body: 'x'.repeat(481) }))).toEqual(['body']);
    expect((await send(h(), 'PATCH', '/v1/notifications/templates/nope', who, { body: 'x' })).statusCode).toBe(404);

    const del = await send(h(), 'DELETE', '/v1/notifications/templates/order-shipped', who);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ name: 'order-shipped', deleted: true });
    expect((await send(h(), 'GET', '/v1/notifications/templates/order-shipped', who)).statusCode).toBe(404);
    expect((await send(h(), 'DELETE', '/v1/notifications/templates/order-shipped', who)).statusCode).toBe(404);
  });

  it('refuses bad templates with 400 naming each field', async () => {
    const { who } = await owner();
    for (const name of ['a', 'Upper', 'two--hyphens', '-lead', 'trail-', 'has space', 'x'.repeat(65), 'under_score']) {
      expect(fields(await create(who, { name, channel: 'sms', body: 'hi' })), name).toEqual(['name']);
    }
    expect((await create(who, { name: 'x'.repeat(64), channel: 'sms', body: 'hi' })).statusCode).toBe(201);
    expect((await create(who, { name: 'ab', channel: 'sms', body: 'hi' })).statusCode).toBe(201);
    expect(fields(await create(who, { name: 'e1', channel: 'email', body: 'hi' }))).toEqual(['subject']);
    expect(fields(await create(who, { name: 'e1', channel: 'email', subject: '', body: 'hi' }))).toEqual(['subject']);
    expect(fields(await create(who, { name: 'e1', channel: 'email', subject: 's'.repeat(201), body: 'hi' }))).toEqual(['subject']);
    expect(fields(await create(who, { name: 's1', channel: 'sms', subject: 'x', body: 'hi' }))).toEqual(['subject']);
    expect(fields(await create(who, { name: 'w1', channel: 'webhook', subject: 'x', body: 'hi' }))).toEqual(['subject']);
    expect(fields(await create(who, { name: 's1', channel: 'sms', body: '' }))).toEqual(['body']);
    expect(fields(await create(who, { name: 's1', channel: 'sms', body: 'x'.repeat(481) }))).toEqual(['body']);
    expect((await create(who, { name: 's480', channel: 'sms', body: 'x'.repeat(480) })).statusCode).toBe(201);
    expect(fields(await create(who, { name: 'e1', channel: 'email', subject: 's', body: 'x'.repeat(20_001) }))).toEqual(['body']);
    expect((await create(who, { name: 'e20k', channel: 'email', subject: 's', body: 'x'.repeat(20_000) })).statusCode).toBe(201);
    for (const body of ['Hi {{', 'Hi {{ }}', 'Hi {{1abc}}', 'Hi {{a-b}}', 'Hi {{{a}}}', `Hi {{${'a'.repeat(65)}}}`, 'Hi {{a}} and {{b']) {
      expect(fields(await create(who, { name: 'p1', channel: 'sms', body })), body).toEqual(['body']);
    }
    expect(fields(await create(who, { name: 'p1', channel: 'email', subject: 'x {{', body: 'ok' }))).toEqual(['subject']);
    expect((await create(who, { name: 'p2', channel: 'sms', body: `a }} {{ ${'a'.repeat(64)} }} {{A_1}}` })).json().data.variables).toEqual(['a'.repeat(64), 'A_1']);
    expect(fields(await create(who, { name: 'p1', channel: 'fax', body: 'x' }))).toEqual(['channel']);
    expect(fields(await create(who, { name: 'p1', channel: 'sms', body: 'x', extra: 1 }))).not.toHaveLength(0);
    expect(fields(await create(who, { name: 'p1', channel: 'sms', body: 'nul\u0000' }))).toEqual(['body']);
    // Every error at once.
    expect(fields(await create(who, { name: 'X', channel: 'sms', subject: 's', body: '{{' }))).toEqual(['body', 'name', 'subject']);
  });

  it('answers 409 for a built-in or taken name and a 101st template; 403 for a change to a built-in', async () => {
    const { org, who } = await owner();
    const builtIn = await create(who, { name: 'login-otp', channel: 'email', subject: 'x', body: 'y' });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().code).toBe('CONFLICT');
    expect((await create(who, { name: 't-0', channel: 'sms', body: 'y' })).statusCode).toBe(201);
    expect((await create(who, { name: 't-0', channel: 'email', subject: 'x', body: 'y' })).json().code).toBe('CONFLICT');
    const now = new Date();
    await h()
      .database.db.insertInto('notification_templates')
      .values(Array.from({ length: 99 }, (_, i) => ({ organisation_id: org.organisationId, name: `t-${i + 1}`, channel: 'sms' as const, subject: null, body: 'y', created_at: now, updated_at: now })))
      .execute();
    const full = await create(who, { name: 't-100', channel: 'sms', body: 'y' });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('CONFLICT');
    for (const [method, body] of [['PATCH', { body: 'x' }], ['DELETE', undefined]] as const) {
      const res = await send(h(), method, '/v1/notifications/templates/verification-completed', who, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('lets OWNER, ADMIN and DEVELOPER write, VIEWER only read (403 on every write)', async () => {
    const { org, who } = await owner();
    await create(who, { name: 'shared', channel: 'sms', body: 'hi' });
    const viewer = await member(org, 'VIEWER');
    const writes = [
      ['POST', '/v1/notifications/templates', { name: 'v-t', channel: 'sms', body: 'x' }],
      ['PATCH', '/v1/notifications/templates/shared', { body: 'x' }],
      ['DELETE', '/v1/notifications/templates/shared', undefined],
      ['POST', '/v1/notifications/send', { channel: 'sms', to: '08031234567', templateName: 'shared' }],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await send(h(), method, url, viewer, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of ['/v1/notifications/channels', '/v1/notifications/templates', '/v1/notifications/templates/shared', '/v1/notifications/messages']) {
      expect((await send(h(), 'GET', url, viewer)).statusCode, url).toBe(200);
    }
    for (const role of ['ADMIN', 'DEVELOPER'] as const) {
      const m = await member(org, role);
      expect((await create(m, { name: `by-${role.toLowerCase()}`, channel: 'sms', body: 'x' })).statusCode).toBe(201);
      expect((await sendMsg(m, { channel: 'sms', to: '08031234567', templateName: 'shared' })).statusCode).toBe(200);
    }
  });

  it('keeps templates and messages in their organisation (404 across tenants)', async () => {
    const a = await owner();
    const b = await owner();
    await create(a.who, { name: 'private-one', channel: 'sms', body: 'hi {{n}}' });
    expect((await send(h(), 'GET', '/v1/notifications/templates/private-one', b.who)).statusCode).toBe(404);
    expect((await send(h(), 'PATCH', '/v1/notifications/templates/private-one', b.who, { body: 'x' })).statusCode).toBe(404);
    expect((await send(h(), 'DELETE', '/v1/notifications/templates/private-one', b.who)).statusCode).toBe(404);
    expect(fields(await sendMsg(b.who, { channel: 'sms', to: '08031234567', templateName: 'private-one', templateVariables: { n: '1' } }))).toEqual(['templateName']);
    // b may use the same name.
    expect((await create(b.who, { name: 'private-one', channel: 'sms', body: 'other' })).statusCode).toBe(201);
    const sent = await sendMsg(a.who, { channel: 'sms', to: '08031234567', templateName: 'private-one', templateVariables: { n: '1' } });
    const id = sent.json().data.notificationId;
    expect((await send(h(), 'GET', `/v1/notifications/messages/${id}`, a.who)).statusCode).toBe(200);
    const other = await send(h(), 'GET', `/v1/notifications/messages/${id}`, b.who);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
    expect((await send(h(), 'GET', '/v1/notifications/messages', b.who)).json().data.items.map((m: any) => m.id)).not.toContain(id);
  });

  it('sends an email: lower-cased, rendered, SENT to the outbox, with the message in the log', async () => {
    const { who } = await owner();
    const res = await sendMsg(who, { channel: 'email', to: 'Ada.Lovelace@Example.COM', templateName: 'verification-completed', templateVariables: vcVars });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ success: true, message: 'Accepted for delivery', notificationId: expect.stringMatching(/^ntf_/) });
    const outbox = await h().app.inject({ method: 'GET', url: '/v1/notifications/outbox?to=ada.lovelace@example.com&limit=5' });
    const item = outbox.json().data.items[0];
    expect(item).toMatchObject({ id: data.notificationId, channel: 'email', to: 'ada.lovelace@example.com', subject: 'Acme <Ltd>: verification completed' });
    expect(item.body).toContain('ver_1');
    expect(item.body).toContain('Acme <Ltd>');
    const msg = await send(h(), 'GET', `/v1/notifications/messages/${data.notificationId}`, who);
    expect(msg.json().data).toEqual({
      id: data.notificationId,
      channel: 'email',
      to: 'ada.lovelace@example.com',
      templateName: 'verification-completed',
      status: 'SENT',
      attempts: 0,
      lastError: null,
      createdAt: expect.any(String),
      sentAt: expect.any(String),
    });
    expect(msg.body).not.toContain('ver_1');
  });

  it('sends an sms: normalised to E.164, masked in the log, the body in the outbox', async () => {
    const { who } = await owner();
    await create(who, { name: 'otp-sms', channel: 'sms', body: 'Your code is {{code}}' });
    for (const [input, e164] of [
      ['08031234567', '+2348031234567'],
      ['2349051234567', '+2349051234567'],
      ['+2347011112222', '+2347011112222'],
      ['+447911123456', '+447911123456'],
    ] as const) {
      const res = await sendMsg(who, { channel: 'sms', to: input, templateName: 'otp-sms', templateVariables: { code: '4321' } });
      expect(res.statusCode, input).toBe(200);
      const id = res.json().data.notificationId;
      const view = (await send(h(), 'GET', `/v1/notifications/messages/${id}`, who)).json().data;
      expect(view.to).toBe(`${'*'.repeat(e164.length - 4)}${e164.slice(-4)}`);
      expect(view).toMatchObject({ channel: 'sms', status: 'SENT', templateName: 'otp-sms' });
      const outbox = (await h().app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(e164)}&limit=1` })).json().data.items[0];
      expect(outbox).toMatchObject({ id, channel: 'sms', to: e164, subject: null, body: 'Your code is 4321' });
    }
    for (const to of ['0803123456', '06031234567', '+234', '12345', '+1234567', '+1234567890123456', 'ada@example.com']) {
      expect(fields(await sendMsg(who, { channel: 'sms', to, templateName: 'otp-sms', templateVariables: { code: '1' } })), to).toEqual(['to']);
    }
  });

  it('reports every send error at once, with the rules of each field', async () => {
    const { who } = await owner();
    await create(who, { name: 'two-vars', channel: 'sms', body: '{{a}} {{b}}' });
    await create(who, { name: 'long-sms', channel: 'sms', body: '{{a}}{{b}}' });
    await create(who, { name: 'no-vars', channel: 'email', subject: 'Hello', body: 'Plain' });
    await create(who, { name: 'hook-t', channel: 'webhook', body: 'x' });
    const all = await sendMsg(who, { channel: 'fax', to: 'x', templateName: 'nope' });
    expect(all.statusCode).toBe(400);
    expect(all.json().code).toBe('VALIDATION_ERROR');
    expect(fields(all)).toEqual(['channel', 'templateName']);
    expect(fields(await sendMsg(who, { channel: 'email', to: 'Ada <ada@example.com>', templateName: 'login-otp', templateVariables: { otp: '1' } }))).toEqual(['templateName', 'to']);
    for (const to of ['ada', 'ada@example', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@x.io`]) {
      expect(fields(await sendMsg(who, { channel: 'email', to, templateName: 'no-vars' })), to).toEqual(['to']);
    }
    expect(fields(await sendMsg(who, { channel: 'email', to: 'ada@example.com', templateName: 'two-vars', templateVariables: { a: '1', b: '2' } }))).toEqual(['templateName']);
    expect(fields(await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'two-vars' }))).toEqual(['templateVariables']);
    expect(fields(await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'two-vars', templateVariables: { a: '1', c: '3' } }))).toEqual([
      'templateVariables.b',
      'templateVariables.c',
    ]);
    expect(fields(await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'two-vars', templateVariables: { a: 1, b: '2' } }))).toEqual(['templateVariables.a']);
    expect(fields(await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'two-vars', templateVariables: { a: 'x'.repeat(2001), b: '2' } }))).toEqual(['templateVariables.a']);
    expect((await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'long-sms', templateVariables: { a: 'x'.repeat(459), b: 'y'.repeat(459) } })).statusCode).toBe(200);
    expect(fields(await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'long-sms', templateVariables: { a: 'x'.repeat(459), b: 'y'.repeat(460) } }))).toEqual(['templateVariables']);
    expect((await sendMsg(who, { channel: 'email', to: 'ada@example.com', templateName: 'no-vars' })).statusCode).toBe(200);
    expect((await sendMsg(who, { channel: 'email', to: 'ada@example.com', templateName: 'no-vars', templateVariables: {} })).statusCode).toBe(200);
    expect(fields(await sendMsg(who, { channel: 'email', to: 'ada@example.com', templateName: 'no-vars', templateVariables: { x: '1' } }))).toEqual(['templateVariables.x']);
    expect(fields(await sendMsg(who, { channel: 'email', to: 'ada@example.com', templateName: 'no-vars', extra: true }))).not.toHaveLength(0);
    // The webhook channel: no ENABLED endpoint has this url.
    const hook = await sendMsg(who, { channel: 'webhook', to: 'https://example.com/hooks', templateName: 'hook-t' });
    expect(fields(hook)).toEqual(['to']);
    expect(hook.json().errors[0].message).toContain('ENABLED webhook endpoint');
  });

  it('pages the message log newest first, filters it and validates its query', async () => {
    const { who } = await owner();
    await create(who, { name: 'p-sms', channel: 'sms', body: 'hi' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sendMsg(who, { channel: 'sms', to: '08031234567', templateName: 'p-sms' })).json().data.notificationId);
    ids.push((await sendMsg(who, { channel: 'email', to: 'x@example.com', templateName: 'verification-completed', templateVariables: vcVars })).json().data.notificationId);
    const all = (await send(h(), 'GET', '/v1/notifications/messages?limit=100', who)).json().data;
    const mine = all.items.map((m: any) => m.id).filter((id: string) => ids.includes(id));
    expect(mine).toEqual([...ids].reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/notifications/messages?channel=sms&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = (await send(h(), 'GET', url, who)).json().data;
      expect(page.items.length).toBeGreaterThan(0);
      seen.push(...page.items.map((m: any) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids.slice(0, 3).reverse());
    expect((await send(h(), 'GET', '/v1/notifications/messages?status=FAILED', who)).json().data.items.filter((m: any) => ids.includes(m.id))).toEqual([]);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'cursor=%40%40', 'status=DONE', 'channel=fax', 'foo=1']) {
      const res = await send(h(), 'GET', `/v1/notifications/messages?${q}`, who);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await send(h(), 'GET', '/v1/notifications/messages/ntf_nope', who)).statusCode).toBe(404);
  });

  it('emails OWNERs and ADMINs when an API key is created or revoked', async () => {
    const { org, who } = await owner();
    const admin = await addMember(h().services, org, 'ADMIN');
    const dev = await addMember(h().services, org, 'DEVELOPER');
    const created = await send(h(), 'POST', '/v1/api-keys', who, { name: 'ci key', type: 'live' });
    expect(created.statusCode).toBe(201);
    const key = created.json().data;
    const keyId = key.id ?? key.key?.id;
    const ownerEmail = await ownerEmailOf(h().services, org);
    for (const to of [ownerEmail, admin.email]) {
      const items = (await h().app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(to)}&limit=100` })).json().data.items as any[];
      const mail = items.find((i) => /API key created/.test(i.subject) && i.body.includes('ci key'));
      expect(mail, to).toBeDefined();
      expect(mail.body).toContain('live');
    }
    const devItems = (await h().app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(dev.email)}&limit=100` })).json().data.items as any[];
    expect(devItems.some((i) => /API key/.test(i.subject ?? ''))).toBe(false);
    expect((await send(h(), 'DELETE', `/v1/api-keys/${keyId}`, who)).statusCode).toBe(200);
    const after = (await h().app.inject({ method: 'GET', url: `/v1/notifications/outbox?to=${encodeURIComponent(admin.email)}&limit=100` })).json().data.items as any[];
    expect(after.filter((i) => /API key revoked/.test(i.subject) && i.body.includes('ci key'))).toHaveLength(1);
    const log = (await send(h(), 'GET', '/v1/notifications/messages?channel=email&limit=100', who)).json().data.items as any[];
    expect(log.filter((m) => m.templateName === 'api-key-revoked').map((m) => m.to).sort()).toEqual([ownerEmail, admin.email].sort());
  });
});

describeEachBackend(
  'notification send limit',
  (h) => {
    it('allows NOTIFICATION_SEND_LIMIT sends a minute per organisation, then 429 RATE_LIMITED with Retry-After', async () => {
      const org = await createOrg(h().services, { services: [] });
      const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      const body = { channel: 'email', to: 'x@example.com', templateName: 'verification-completed', templateVariables: { organisationName: 'o', verificationId: 'v', type: 't', verificationStatus: 's' } };
      for (let i = 0; i < 3; i++) expect((await send(h(), 'POST', '/v1/notifications/send', who, body)).statusCode).toBe(200);
      const refused = await send(h(), 'POST', '/v1/notifications/send', who, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another organisation has its own budget.
      const other = await createOrg(h().services, { services: [] });
      const otherWho = await signIn(h().app, await ownerEmailOf(h().services, other), OWNER_PASSWORD);
      expect((await send(h(), 'POST', '/v1/notifications/send', otherWho, body)).statusCode).toBe(200);
      const log = (await send(h(), 'GET', '/v1/notifications/messages?limit=100', who)).json().data.items as any[];
      expect(log.filter((m) => m.templateName === 'verification-completed')).toHaveLength(3);
    });
  },
  { settings: { notificationSendLimit: 3 } },
);
