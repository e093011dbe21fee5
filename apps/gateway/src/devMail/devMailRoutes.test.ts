import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { catcherMailer, createDevMailCatcher, devMailContext } from './devMailCatcher.ts';
import { linksOf } from './devMailStore.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const API = '/dev/mail/api/messages';

describe(`dev mail catcher (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway();
  });
  afterAll(() => g?.close());

  const get = (url: string) => g.app.inject({ method: 'GET', url });

  it('keeps what the mailer sends, as MIME, and lists it newest first with text, html, links and attachments', async () => {
    const mailer = catcherMailer(
      createDevMailCatcher({ db: g.db, now: g.clock.now, profile: 'dev' }),
      'Tender <no-reply@tender.test>',
    );
    const pdf = Buffer.from('%PDF-1.4\n% not a real pdf, bytes \x00\x01\xff\n%%EOF');
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'Open https://gateway.test/a.' });
    g.clock.advance(1);
    await mailer.send({
      to: 'second@example.com',
      subject: 'Second: ünïcode',
      text: 'See https://gateway.test/invoice/inv_1\nPDF: https://gateway.test/pdf',
      html: '<p>Hi</p><script>alert(1)</script><a href="https://gateway.test/invoice/inv_1?a=1&amp;b=2">pay</a>',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf }],
    });

    const list = await get(API);
    expect(list.statusCode).toBe(200);
    const [second, first] = list.json().data;
    expect(list.json().data).toHaveLength(2);
    expect(first).toMatchObject({ from: 'Tender <no-reply@tender.test>', to: ['first@example.com'], subject: 'First' });
    expect(first.links).toEqual(['https://gateway.test/a']);
    expect(first.html).toBeNull();
    expect(second).toMatchObject({
      object: 'dev_mail',
      source: 'gateway',
      to: ['second@example.com'],
      subject: 'Second: ünïcode',
      text: expect.stringContaining('https://gateway.test/invoice/inv_1'),
      html: expect.stringContaining('<a href='),
      links: [
        'https://gateway.test/invoice/inv_1?a=1&b=2',
        'https://gateway.test/invoice/inv_1',
        'https://gateway.test/pdf',
      ],
      attachments: [
        {
          filename: 'invoice.pdf',
          content_type: 'application/pdf',
          size: pdf.length,
          url: `http://gateway.test${API}/${second.id}/attachments/0`,
        },
      ],
    });
    expect(Date.parse(second.date) - Date.parse(first.date)).toBe(1000);
    expect(second.headers).toBeUndefined();

    const one = await get(`${API}/${second.id}`);
    expect(one.json().headers).toEqual(expect.arrayContaining([{ name: 'Subject', value: expect.any(String) }]));
    const file = await get(`${API}/${second.id}/attachments/0`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(file.headers['content-disposition']).toBe('attachment; filename="invoice.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const raw = await get(`${API}/${second.id}/raw`);
    expect(raw.body).toMatch(/^Content-Type: multipart\/mixed/m);
  });

  it('answers 404 in the envelope for an unknown message or attachment, 400 for a bad limit', async () => {
    const missing = await get(`${API}/mail_nope`);
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const [m] = (await get(API)).json().data;
    const noFile = await get(`${API}/${m.id}/attachments/7`);
    expect([noFile.statusCode, noFile.json().error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const bad = await get(`${API}?limit=0`);
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("shows a message's HTML only in a sandboxed srcdoc frame under a no-script policy", async () => {
    const [m] = (await get(API)).json().data;
    const page = await get(`/dev/mail/messages/${m.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="');
    // The message's markup is never markup of the page: only escaped, inside srcdoc.
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const list = await get('/dev/mail/');
    expect(list.body).toContain('Second: ünïcode');
    expect((await get('/dev/mail')).headers.location).toBe('/dev/mail/');
    expect((await get('/dev/mail/messages/mail_nope')).statusCode).toBe(404);
  });

  it('forgets everything on DELETE', async () => {
    const del = await g.app.inject({ method: 'DELETE', url: API });
    expect(del.json()).toEqual({ deleted: 2 });
    expect((await get(API)).json().data).toEqual([]);
  });
});

describe(`dev mail catcher outside the dev profile (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway({ profile: 'production' });
  });
  afterAll(() => g?.close());

  it('has no routes in production: 404 like any unknown path', async () => {
    for (const url of [API, `${API}/mail_x`, '/dev/mail/', '/dev/mail/messages/mail_x']) {
      expect((await g.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('is refused on the production profile, and a configured relay always wins', () => {
    const config = { devMailCatcher: true, emailFrom: 'T <t@t.test>' };
    expect(() => createDevMailCatcher({ db: g.db, now: () => new Date(), profile: 'production' })).toThrow(
      /dev profile only/,
    );
    expect(() => devMailContext({ ...config, profile: 'production' }, { db: g.db })).toThrow(/dev profile only/);
    expect(devMailContext({ ...config, profile: 'dev', smtpUrl: 'smtp://relay.test:587' }, { db: g.db })).toEqual({});
    expect(devMailContext({ ...config, devMailCatcher: false, profile: 'dev' }, { db: g.db })).toEqual({});
    expect(devMailContext({ ...config, profile: 'dev' }, { db: g.db }).mailer).toBeDefined();
  });
});

describe('linksOf', () => {
  it("reads the HTML's hrefs (entities decoded) and the text's URLs, http(s) only, once each", () => {
    expect(
      linksOf(
        '<a href="mailto:x@y.z">m</a><a href=\'https://a.test/x?y=1&amp;z=2\'>a</a>',
        'Go to https://b.test/p. Or (https://a.test/x?y=1&z=2)',
      ),
    ).toEqual(['https://a.test/x?y=1&z=2', 'https://b.test/p']);
  });
});
