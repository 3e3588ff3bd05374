import {
  SSO_PATHS,
  type TUser,
  ZMessageResponse,
  ZSsoIdentityList,
  ZSsoIdentityParams,
  ZSsoProviderCreate,
  ZSsoProviderList,
  ZSsoProviderParams,
  ZSsoProviderPathParams,
  ZSsoProviderResponse,
  ZSsoProviderTestResult,
  ZSsoProviderUpdate,
  ZSsoPublicProviderList,
  ZSsoStartQuery,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeProvider,
  createProvider,
  getProvider,
  listOwnIdentities,
  listProviderButtons,
  listProviders,
  removeProvider,
  type SsoActor,
  testProvider,
  unlinkOwnIdentity,
} from './service.ts';
import { finishSignIn, type Redirect, startSignIn } from './sign-in.ts';

const tags = ['single sign-on'];

type HandlerContext = { request: Request; server: Parameters<typeof requestMeta>[1] };

/** Single sign-on: the admins' provider records, the public sign-in buttons and flow, one's own linked identities. */
export function createSsoRoutes({ config, log, session }: RouteDeps) {
  const metaOf = (ctx: HandlerContext) => requestMeta(ctx.request, ctx.server, config.trustedProxies);
  const actorOf = (ctx: HandlerContext & { user: TUser }): SsoActor => ({
    admin: ctx.user,
    meta: metaOf(ctx),
    secretKey: config.mailSecretKey,
    appBaseUrl: config.appBaseUrl,
  });
  const redirectTo = (set: { status?: number | string; headers: Record<string, unknown> }, to: Redirect) => {
    set.status = 302;
    set.headers.location = to.location;
    set.headers['cache-control'] = 'no-store';
    if (to.cookies.length > 0) set.headers['set-cookie'] = to.cookies;
    return '';
  };
  return new Elysia({ name: 'sso-routes' })
    .use(session)
    .get(SSO_PATHS.providers, async () => ({ providers: await listProviderButtons() }), {
      auth: 'public',
      response: responseShape(ZSsoPublicProviderList),
      detail: { tags, summary: "The enabled providers' sign-in buttons (id and label only)" },
    })
    .get(
      SSO_PATHS.start,
      async (ctx) =>
        redirectTo(
          ctx.set,
          await startSignIn(
            { providerId: ctx.params.provider, ...ctx.query },
            ctx.request,
            metaOf(ctx),
            config,
            log,
          ),
        ),
      {
        auth: 'public',
        params: ZSsoProviderPathParams,
        query: ZSsoStartQuery,
        detail: {
          tags,
          summary:
            'Send the browser to the provider (mode=link: link it to the signed-in account); throttled',
        },
      },
    )
    .get(
      SSO_PATHS.callback,
      async (ctx) =>
        redirectTo(ctx.set, await finishSignIn(ctx.params.provider, ctx.request, metaOf(ctx), config, log)),
      {
        auth: 'public',
        params: ZSsoProviderPathParams,
        detail: {
          tags,
          summary: "The provider's answer: signs in or links, else back to the sign-in page with ?sso_error",
        },
      },
    )
    .get(SSO_PATHS.identities, async ({ user }) => ({ identities: await listOwnIdentities(user) }), {
      auth: 'signed-in',
      response: responseShape(ZSsoIdentityList),
      detail: { tags, summary: 'The identities linked to my account' },
    })
    .delete(
      SSO_PATHS.identity,
      async (ctx) => {
        await unlinkOwnIdentity(ctx.user, ctx.params.id, metaOf(ctx));
        return { message: 'Identity unlinked' };
      },
      {
        auth: 'signed-in',
        params: ZSsoIdentityParams,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Unlink one of my identities, unless it is my only way in; audited' },
      },
    )
    .get(SSO_PATHS.adminProviders, async () => ({ providers: await listProviders(config.appBaseUrl) }), {
      auth: 'admin',
      response: responseShape(ZSsoProviderList),
      detail: { tags, summary: 'Identity providers (the client secret only as hasClientSecret)' },
    })
    .post(
      SSO_PATHS.adminProviders,
      async (ctx) => {
        const provider = await createProvider(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return { provider };
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZSsoProviderCreate,
        response: { 201: responseShape(ZSsoProviderResponse) },
        detail: { tags, summary: 'Register a provider; its secret is stored sealed; audited, rate-limited' },
      },
    )
    .get(
      SSO_PATHS.adminProvider,
      async ({ params }) => ({ provider: await getProvider(params.id, config.appBaseUrl) }),
      {
        auth: 'admin',
        params: ZSsoProviderParams,
        response: responseShape(ZSsoProviderResponse),
        detail: { tags, summary: 'One identity provider' },
      },
    )
    .patch(
      SSO_PATHS.adminProvider,
      async (ctx) => ({ provider: await changeProvider(actorOf(ctx), ctx.params.id, ctx.body) }),
      {
        auth: 'admin',
        parse: 'json',
        params: ZSsoProviderParams,
        body: ZSsoProviderUpdate,
        response: responseShape(ZSsoProviderResponse),
        detail: { tags, summary: 'Change a provider (a secret left out stays, null removes it); audited' },
      },
    )
    .delete(
      SSO_PATHS.adminProvider,
      async (ctx) => {
        await removeProvider(actorOf(ctx), ctx.params.id);
        return { message: 'Identity provider deleted' };
      },
      {
        auth: 'admin',
        params: ZSsoProviderParams,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Remove a provider and every identity linked through it; audited' },
      },
    )
    .post(SSO_PATHS.adminProviderTest, (ctx) => testProvider(actorOf(ctx), ctx.params.id), {
      auth: 'admin',
      params: ZSsoProviderParams,
      response: responseShape(ZSsoProviderTestResult),
      detail: { tags, summary: "Read the provider's discovery document now; rate-limited" },
    });
}
