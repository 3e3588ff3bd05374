import { createFileRoute } from '@tanstack/react-router';
import { useLinkToken } from '../auth/use-link-token.ts';
import { VerifyEmailPage } from '../auth/verify-email-page.tsx';

export const Route = createFileRoute('/verify-email')({ component: VerifyEmailRoute });

function VerifyEmailRoute() {
  return <VerifyEmailPage token={useLinkToken()} />;
}
