import { SSO_PATHS, ssoStartPath, type TSsoIdentity, type TSsoPublicProviderList } from '@helpdesk/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  handleSessionEnded,
  Skeleton,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SsoErrorAlert } from '../../auth/sso/sso-sign-in.tsx';
import { useSignInMethodsT } from './messages.ts';

const IDENTITIES_KEY = [SSO_PATHS.identities] as const;

type TIdentityList = { identities: TSsoIdentity[] };

/** A linked identity (`identityId`), or an enabled provider one may link. */
type TMethod = { providerId: string; label: string; identityId: string | null };

/** The linked identities, then the enabled providers not linked yet (a disabled one's link still shows, to be removed). */
export function signInMethods(providers: TSsoPublicProviderList, identities: TIdentityList): TMethod[] {
  const linked = new Set(identities.identities.map((identity) => identity.providerId));
  return [
    ...identities.identities.map((identity) => ({
      providerId: identity.providerId,
      label: identity.providerLabel,
      identityId: identity.id,
    })),
    ...providers.providers
      .filter((provider) => !linked.has(provider.id))
      .map((provider) => ({ providerId: provider.id, label: provider.label, identityId: null })),
  ];
}

function useUnlink() {
  const queryClient = useQueryClient();
  const t = useSignInMethodsT();
  return useMutation({
    mutationFn: (identityId: string) =>
      apiRequest<unknown>('DELETE', SSO_PATHS.identity.replace(':id', encodeURIComponent(identityId))),
    onSuccess: () => toast({ title: t('signInMethods.unlinked') }),
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      toast({
        title: t('signInMethods.unlinkFailed'),
        description: serverMessage(error) ?? undefined,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY }),
  });
}

/**
 * The profile's identity providers: each linked one with Unlink, each other enabled one with
 * "Link <provider>", which signs in at the provider and comes back here. An administrator confirms a
 * link this way, since a provider is never linked to an admin account by email alone. Hidden when the
 * desk has no provider.
 */
export function SignInMethods() {
  const t = useSignInMethodsT();
  const providers = useQuery<TSsoPublicProviderList>({ queryKey: [SSO_PATHS.providers] });
  const identities = useQuery<TIdentityList>({ queryKey: IDENTITIES_KEY });
  const unlink = useUnlink();
  const methods = providers.data && identities.data ? signInMethods(providers.data, identities.data) : [];
  const isPending = providers.isPending || identities.isPending;
  if (!isPending && !providers.isError && !identities.isError && methods.length === 0) return null;
  return (
    <Card data-testid="sign-in-methods">
      <CardHeader>
        <CardTitle>{t('signInMethods.title')}</CardTitle>
        <CardDescription>{t('signInMethods.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {/* A link that did not happen comes back here with its reason (?sso_error=). */}
        <SsoErrorAlert />
        {isPending ? (
          <Skeleton className="h-10 w-full" role="status" aria-label={t('signInMethods.loading')} />
        ) : providers.isError || identities.isError ? (
          <p className="text-destructive text-sm">{t('signInMethods.loadFailed')}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {methods.map((method) => (
              <li
                key={method.providerId}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                data-testid="sign-in-method"
              >
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="break-words font-medium">{method.label}</span>
                  <Badge variant={method.identityId ? 'success' : 'secondary'}>
                    {method.identityId ? t('signInMethods.linked') : t('signInMethods.notLinked')}
                  </Badge>
                </div>
                {method.identityId ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={unlink.isPending}
                    aria-label={t('signInMethods.unlinkNamed', { label: method.label })}
                    onClick={() => unlink.mutate(method.identityId ?? '')}
                  >
                    {t('signInMethods.unlink')}
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" asChild className="h-auto min-h-8 whitespace-normal">
                    <a href={ssoStartPath(method.providerId, { mode: 'link', returnTo: '/profile' })}>
                      {t('signInMethods.link', { label: method.label })}
                    </a>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
