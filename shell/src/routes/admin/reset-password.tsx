import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../auth/reset-password-page.tsx';

export const Route = createFileRoute('/admin/reset-password')({ component: ResetPasswordRoute });

function ResetPasswordRoute() {
  // The raw query string: the router's JSON search parsing could turn an all-digit token into a number.
  const token = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('token') });
  return <ResetPasswordPage token={token} />;
}
