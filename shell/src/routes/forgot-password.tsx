import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../auth/forgot-password-page.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordRoute });

function ForgotPasswordRoute() {
  return <ForgotPasswordPage flow="user" />;
}
