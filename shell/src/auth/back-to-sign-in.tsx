import { cn } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

/** The footer link back to the sign-in a password screen belongs to. */
export function BackToSignIn({
  to,
  label,
  tone,
}: {
  to: '/admin' | '/login';
  label: string;
  tone: 'admin' | 'user';
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1 font-medium hover:underline',
        tone === 'admin' ? 'text-slate-200' : 'text-primary',
      )}
    >
      <ArrowLeft className="size-4" aria-hidden />
      {label}
    </Link>
  );
}
