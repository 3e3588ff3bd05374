import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../auth/reset-password-page.tsx';
import { useLinkToken } from '../auth/use-link-token.ts';

export const Route = createFileRoute('/reset-password')({ component: ResetPasswordRoute });

function ResetPasswordRoute() {
  return <ResetPasswordPage flow="reset" token={useLinkToken()} />;
}
