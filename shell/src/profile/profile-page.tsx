import { lazy, Suspense } from 'react';
import { LanguagePreferences } from '../preferences/language-preferences.tsx';
import { useSignedInUser } from '../session/signed-in-user.tsx';
import { AccountOverview } from './account-overview.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SessionsSection } from './sessions/sessions-section.tsx';
import { SignInMethods } from './sign-in-methods/sign-in-methods.tsx';

/** /profile: account overview, profile form, change-password form, sign-in methods, language and time zone, sessions. */
import { TwoFactorSection } from './two-factor/two-factor-section.tsx';

// Scripts' tokens are a rare visit: their section is a chunk of its own, fetched when the profile shows it.
const ApiTokensSection = lazy(() => import('./api-tokens/api-tokens-section.tsx'));

/** /profile: account overview, profile form, change-password form, language and time zone, sessions, two-factor, API tokens. */
export function ProfilePage() {
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AccountOverview user={user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileForm user={user} />
        <ChangePasswordForm />
      </div>
      <SignInMethods />
      <LanguagePreferences />
      <SessionsSection />
      <TwoFactorSection />
      <Suspense fallback={null}>
        <ApiTokensSection />
      </Suspense>
    </div>
  );
}
