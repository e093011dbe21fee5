import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { MerchantSchema, merchantJson } from '../auth/authSchemas.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { updateBusinessProfile } from './businessProfile.ts';

/** PATCH /v1/account */
export function businessProfileRoutes(ctx: GatewayContext) {
  return async function businessProfilePlugin(app: App): Promise<void> {
    app.patch(
      '/v1/account',
      {
        config: { auth: { accepts: ['session'], permission: 'profile:manage' } },
        schema: {
          tags: ['Account'],
          summary: 'Edit the business profile',
          description:
            'The business name and the support contact that the hosted checkout, payment link and invoice pages ' +
            'show customers. Send only the fields to change; `null` or an empty string removes a support field. ' +
            'business_name: 2 to 120 characters; support_email: an email address (max 320); support_url: an ' +
            'http(s) web address (max 2000). Bad input answers 400 VALIDATION_FAILED with one detail per field ' +
            'and changes nothing. Owners and admins (profile:manage); audited as account.profile_updated. Session only.',
          body: Type.Object(
            {
              business_name: Type.Optional(Type.String({ maxLength: 1000, description: '2 to 120 characters' })),
              support_email: Type.Optional(
                Nullable(
                  Type.String({ maxLength: 1000, description: 'Email address (max 320); null or "" removes it' }),
                ),
              ),
              support_url: Type.Optional(
                Nullable(
                  Type.String({ maxLength: 4000, description: 'http(s) URL (max 2000); null or "" removes it' }),
                ),
              ),
            },
            { additionalProperties: false, minProperties: 1 },
          ),
          response: { 200: MerchantSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) =>
        merchantJson(
          await updateBusinessProfile(ctx, principalOf(req), {
            business_name: req.body.business_name,
            support_email: req.body.support_email,
            support_url: req.body.support_url,
          }),
        ),
    );
  };
}
