import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../auth/reset-password-page.tsx';
import { useLinkToken } from '../auth/use-link-token.ts';

export const Route = createFileRoute('/set-password')({ component: SetPasswordRoute });

function SetPasswordRoute() {
  return <ResetPasswordPage flow="invitation" token={useLinkToken()} />;
}
