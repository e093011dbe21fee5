// /dev/mail/: the dev mail catcher's page and JSON API. Registered on the dev profile only: on production these
// paths do not exist (404 like any unknown path), whatever the configuration says.
import type { App } from '@tender/platform';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { DEV_MAIL_PAGE_CSP, renderMailList, renderMailMessage } from './devMailPage.ts';
import { DEV_MAIL_LIST_MAX, deleteCaughtMail, getCaughtMail, listCaughtMail, type CaughtMail } from './devMailStore.ts';

const tags = ['Dev mail'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const AttachmentParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  index: Type.Integer({ minimum: 0, maximum: 1000 }),
});

const Attachment = Type.Object({
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  url: Type.String({ description: 'Downloads the attachment' }),
});
const Message = Type.Object({
  id: Type.String(),
  object: Type.Literal('dev_mail'),
  source: Type.String({ description: 'Which service sent it: gateway or agents' }),
  from: Type.String(),
  to: Type.Array(Type.String()),
  subject: Type.String(),
  date: Type.String({ format: 'date-time', description: 'When the catcher kept it' }),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  links: Type.Array(Type.String(), { description: 'The http(s) links of the HTML and the text, in order' }),
  attachments: Type.Array(Attachment),
  headers: Type.Optional(Type.Array(Type.Object({ name: Type.String(), value: Type.String() }))),
});

export function devMailRoutes(ctx: GatewayContext) {
  return async function devMailPlugin(app: App): Promise<void> {
    if (ctx.config.profile !== 'dev') return;
    const api = '/dev/mail/api/messages';
    const view = (m: CaughtMail, withHeaders: boolean) => ({
      id: m.id,
      object: 'dev_mail' as const,
      source: m.source,
      from: m.from,
      to: m.to,
      subject: m.subject,
      date: m.date.toISOString(),
      text: m.text,
      html: m.html,
      links: m.links,
      attachments: m.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size: a.size,
        url: `${ctx.config.publicUrl}${api}/${encodeURIComponent(m.id)}/attachments/${a.index}`,
      })),
      ...(withHeaders ? { headers: m.headers } : {}),
    });
    const caught = async (id: string) => {
      const found = await getCaughtMail(ctx.db, id);
      if (!found) throw new GatewayError('RESOURCE_NOT_FOUND', `No caught message ${id}`);
      return found;
    };

    app.get(
      api,
      {
        schema: {
          tags,
          summary: 'Dev profile only: the mail the dev mail catcher kept, newest first',
          querystring: Type.Object(
            {
              limit: Type.Optional(
                Type.Integer({ minimum: 1, maximum: DEV_MAIL_LIST_MAX, default: 50, description: '1 to 200' }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({ object: Type.Literal('list'), data: Type.Array(Message) }),
            ...errorResponses(400, 429),
          },
        },
      },
      async (req) => ({
        object: 'list' as const,
        data: (await listCaughtMail(ctx.db, { limit: req.query.limit ?? 50 })).map((m) => view(m, false)),
      }),
    );
    app.delete(
      api,
      {
        schema: {
          tags,
          summary: 'Dev profile only: forget every caught message',
          response: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses(429) },
        },
      },
      async () => ({ deleted: await deleteCaughtMail(ctx.db) }),
    );
    app.get(
      `${api}/:id`,
      {
        schema: {
          tags,
          summary: 'Dev profile only: one caught message with its headers',
          params: IdParams,
          response: { 200: Message, ...errorResponses(400, 404, 429) },
        },
      },
      async (req) => view((await caught(req.params.id)).mail, true),
    );
    app.get(
      `${api}/:id/attachments/:index`,
      {
        schema: {
          tags,
          summary: 'Dev profile only: download an attachment of a caught message',
          params: AttachmentParams,
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The attachment' }),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (req, reply) => {
        const { parsed } = await caught(req.params.id);
        const a = parsed.attachments[req.params.index];
        if (!a)
          throw new GatewayError(
            'RESOURCE_NOT_FOUND',
            `Message ${req.params.id} has no attachment ${req.params.index}`,
          );
        const filename = (a.filename ?? `attachment-${req.params.index + 1}`).replace(/[^\w.\- ]/g, '_');
        return reply
          .type(a.contentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('x-content-type-options', 'nosniff')
          .send(a.content);
      },
    );
    app.get(
      `${api}/:id/raw`,
      {
        schema: {
          tags,
          summary: 'Dev profile only: the MIME source of a caught message',
          params: IdParams,
          response: {
            200: Type.Unsafe<Buffer>({
              type: 'string',
              description: 'The message as the relay would have received it',
            }),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (req, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .send((await caught(req.params.id)).raw),
    );

    // The pages (not part of the API): no script, framed by nobody, never cached.
    const page = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', DEV_MAIL_PAGE_CSP)
        .header('x-frame-options', 'DENY')
        .header('cache-control', 'no-store')
        .send(body);
    app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/dev/mail/', 308));
    app.get('/dev/mail/', { schema: { hide: true } }, async (_req, reply) =>
      page(reply, 200, renderMailList(await listCaughtMail(ctx.db, { limit: DEV_MAIL_LIST_MAX }), null)),
    );
    app.get('/dev/mail/messages/:id', { schema: { hide: true, params: IdParams } }, async (req, reply) => {
      const found = await getCaughtMail(ctx.db, req.params.id);
      return found
        ? page(reply, 200, renderMailMessage(found.mail))
        : page(reply, 404, renderMailList([], `There is no caught message ${req.params.id}.`));
    });
  };
}
