import { createFileRoute, useLocation } from '@tanstack/react-router';
import { VerifyEmailPage } from '../auth/verify-email-page.tsx';

export const Route = createFileRoute('/verify-email')({ component: VerifyEmailRoute });

function VerifyEmailRoute() {
  // The raw query string: the router's JSON search parsing could turn an all-digit token into a number.
  const token = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('token') });
  return <VerifyEmailPage token={token} />;
}
