// The console's merchants: search, detail, suspend and resume (merchantsAdmin.ts).
import { Type } from 'typebox';
import type { AdminAnswer } from './adminAnswers.ts';
import { ADMIN_API, config, Limit, responses, security, tags, type AdminKit } from './adminKit.ts';
import { getMerchant, searchMerchants, setMerchantSuspended } from './merchantsAdmin.ts';

export function merchantAdminRoutes({ app, ctx, operatorOf, audit }: AdminKit): void {
  const MerchantParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
  app.get(
    `${ADMIN_API}/merchants`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Search merchants by id, business name or a member’s email',
        querystring: Type.Object(
          { q: Type.Optional(Type.String({ maxLength: 200 })), limit: Limit },
          { additionalProperties: false },
        ),
        response: responses,
      },
    },
    async (req): Promise<AdminAnswer<'GET /admin/api/merchants'>> => {
      const q = req.query.q?.trim() ?? '';
      await audit(req, 'merchant.search', null, q ? { q } : {});
      return { merchants: await searchMerchants(ctx.db, q, req.query.limit ?? 100) };
    },
  );

  app.get(
    `${ADMIN_API}/merchants/:id`,
    { config, schema: { tags, security, summary: 'One merchant', params: MerchantParams, response: responses } },
    async (req): Promise<AdminAnswer<'GET /admin/api/merchants/{id}'>> => {
      const merchant = await getMerchant(ctx.db, req.params.id);
      await audit(req, 'merchant.view', req.params.id);
      return { merchant };
    },
  );

  app.post(
    `${ADMIN_API}/merchants/:id/suspend`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Suspend a merchant',
        description:
          'Its API keys and sessions answer 403 MERCHANT_SUSPENDED in every process at once; its link, checkout ' +
          'and invoice pages open no new payment; payments already paid still settle. Suspending a suspended ' +
          'merchant changes nothing (`changed: false`).',
        params: MerchantParams,
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
        response: responses,
      },
    },
    async (req): Promise<AdminAnswer<'POST /admin/api/merchants/{id}/suspend'>> =>
      setMerchantSuspended(ctx, {
        merchantId: req.params.id,
        suspended: true,
        reason: req.body.reason,
        operator: operatorOf(req),
        ip: req.ip,
      }),
  );

  app.post(
    `${ADMIN_API}/merchants/:id/resume`,
    {
      config,
      schema: { tags, security, summary: 'Resume a suspended merchant', params: MerchantParams, response: responses },
    },
    async (req): Promise<AdminAnswer<'POST /admin/api/merchants/{id}/resume'>> =>
      setMerchantSuspended(ctx, {
        merchantId: req.params.id,
        suspended: false,
        reason: null,
        operator: operatorOf(req),
        ip: req.ip,
      }),
  );
}
