import { SSO_PATHS, ssoStartPath, type TSsoPublicProviderList } from '@helpdesk/contracts';
import { Alert, AlertDescription, Button, useLocalizeText } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { CircleAlert, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useAuthT } from '../messages.ts';
import { signInErrorId } from '../sign-in-error.ts';
import { useSsoT } from './messages.ts';
import { providerSignOutOf } from './provider-sign-out.ts';
import { ssoErrorText } from './sso-error.ts';

/** Why the last single sign-on came back here (`?sso_error=`), in words; nothing without one. */
export function SsoErrorAlert() {
  const t = useSsoT();
  const authT = useAuthT();
  const localize = useLocalizeText();
  // Read once: the message stays while the person types, as a password failure's does.
  const [text] = useState(() => ssoErrorText(window.location.search));
  if (text === null) return null;
  const signInId = text === 'unknown' ? null : signInErrorId(text);
  return (
    <Alert variant="destructive" data-testid="sso-error">
      <CircleAlert className="size-4" aria-hidden />
      <AlertDescription>
        {text === 'unknown' ? t('sso.error.other') : signInId ? authT(signInId) : localize(text)}
      </AlertDescription>
    </Alert>
  );
}

/**
 * "Sign in with <label>" for each enabled provider: plain links, since the sign-in leaves for the
 * provider's own page. Nothing shows while the list loads or when it cannot be had: the password form
 * still works.
 */
export function SsoButtons({ returnTo }: { returnTo?: string }) {
  const t = useSsoT();
  const query = useQuery<TSsoPublicProviderList>({ queryKey: [SSO_PATHS.providers], retry: false });
  const providers = query.data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <nav aria-label={t('sso.providersLabel')} className="space-y-2" data-testid="sso-providers">
      <p className="text-center text-muted-foreground text-sm">{t('sso.otherWays')}</p>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          asChild
          variant="outline"
          className="h-auto min-h-9 w-full whitespace-normal"
        >
          <a href={ssoStartPath(provider.id, { returnTo })}>
            {t('sso.signInWith', { label: provider.label })}
          </a>
        </Button>
      ))}
    </nav>
  );
}

/**
 * After signing out of a session that began with a provider: the offer to end the provider's session
 * too, on the sign-in page the user menu's sign-out lands on (the answer rides in the history entry).
 */
export function ProviderSignOutOffer() {
  const t = useSsoT();
  const offer = useRouterState({ select: (state) => providerSignOutOf(state.location.state) });
  if (offer === null) return null;
  return (
    <Alert data-testid="provider-sign-out">
      <LogOut className="size-4" aria-hidden />
      <AlertDescription className="flex flex-col gap-2">
        <span>{t('sso.signedOut')}</span>
        <a href={offer.url} className="font-medium text-primary underline-offset-4 hover:underline">
          {offer.label ? t('sso.providerSignOut', { label: offer.label }) : t('sso.providerSignOutAny')}
        </a>
      </AlertDescription>
    </Alert>
  );
}
