import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { IdTokenError } from './oidc/oidcVerifier.ts';

/** The response type the dashboard asks for: an id_token straight back in the URL fragment, no client secret. */
export const IDP_RESPONSE_TYPE = 'id_token';

const tags = ['Auth'];

export const idpProviderSchema = {
  tags,
  summary: 'The identity provider the dashboard offers for sign-in',
  description:
    'What a browser needs to send a person to this deployment’s OpenID Connect provider: `{enabled: false}` when ' +
    'the server has none (OIDC_ISSUER and OIDC_CLIENT_ID unset: the dashboard shows no button), else its ' +
    '`authorization_endpoint` from the provider’s `/.well-known/openid-configuration` (fetched once and kept), ' +
    'the `client_id` and the `name` to show. The dashboard sends the person there with ' +
    '`response_type=id_token`, `response_mode=fragment`, a random `state` and `nonce`, and ' +
    '`redirect_uri=<origin>/dashboard/sign-in/idp`, then posts the returned id_token with the nonce to ' +
    '`POST /v1/auth/idp`. 503 IDP_UNAVAILABLE while the discovery document cannot be fetched, or when it names ' +
    'no authorization_endpoint or does not offer `response_type=id_token`. No credentials needed.',
  security: [],
  response: {
    200: Type.Union([
      Type.Object({ enabled: Type.Literal(false) }),
      Type.Object({
        enabled: Type.Literal(true),
        name: Type.String({ description: 'How to name the provider: “Sign in with <name>”' }),
        issuer: Type.String({ description: 'The issuer, exactly as in its id_tokens' }),
        client_id: Type.String({ description: 'This deployment’s client id at the provider' }),
        authorization_endpoint: Type.String({ description: 'Where the browser sends the person (http or https)' }),
      }),
    ]),
    ...errorResponses(429, 503),
  },
};

/** GET /public/auth/idp: the dashboard's discovery of the sign-in provider (no credentials). */
export function idpProviderRoute(ctx: GatewayContext) {
  return async function idpProviderPlugin(app: App): Promise<void> {
    app.get('/public/auth/idp', { schema: idpProviderSchema }, async () => {
      if (!ctx.oidc) return { enabled: false as const };
      let provider;
      try {
        provider = await ctx.oidc.provider();
      } catch (err) {
        if (!(err instanceof IdTokenError)) throw err;
        ctx.logger.warn({ err: err.message }, 'identity provider discovery unavailable');
        throw new GatewayError(
          'IDP_UNAVAILABLE',
          'The identity provider’s configuration cannot be read; try again shortly',
        );
      }
      // A provider without the implicit id_token response cannot serve the dashboard's flow; saying so here beats
      // a sign-in that the provider refuses after the redirect.
      if (provider.responseTypesSupported.length && !provider.responseTypesSupported.includes(IDP_RESPONSE_TYPE)) {
        throw new GatewayError(
          'IDP_UNAVAILABLE',
          `The identity provider does not offer response_type=${IDP_RESPONSE_TYPE} (it offers ` +
            `${provider.responseTypesSupported.join(', ')}), which the dashboard’s sign-in needs`,
        );
      }
      return {
        enabled: true as const,
        name: provider.name,
        issuer: provider.issuer,
        client_id: provider.clientId,
        authorization_endpoint: provider.authorizationEndpoint,
      };
    });
  };
}
