import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../auth/forgot-password-page.tsx';

export const Route = createFileRoute('/admin/forgot-password')({ component: AdminForgotPasswordRoute });

function AdminForgotPasswordRoute() {
  return <ForgotPasswordPage flow="admin" />;
}
