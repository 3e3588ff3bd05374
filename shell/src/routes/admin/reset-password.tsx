import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../auth/reset-password-page.tsx';
import { useLinkToken } from '../../auth/use-link-token.ts';

export const Route = createFileRoute('/admin/reset-password')({ component: AdminResetPasswordRoute });

function AdminResetPasswordRoute() {
  return <ResetPasswordPage flow="admin-reset" token={useLinkToken()} />;
}
