import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../../auth/admin-login-page.tsx';

export const Route = createFileRoute('/admin/')({ component: AdminLoginPage });
