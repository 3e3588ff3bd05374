import { cn } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { type TAuthMessageId, useAuthT } from './messages.ts';

/** The footer link back to the sign-in a password screen belongs to. */
export function BackToSignIn({
  to,
  label,
  tone,
}: {
  to: '/admin' | '/login';
  label: TAuthMessageId;
  tone: 'admin' | 'user';
}) {
  const t = useAuthT();
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1 font-medium hover:underline',
        tone === 'admin' ? 'text-slate-200' : 'text-primary',
      )}
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t(label)}
    </Link>
  );
}
