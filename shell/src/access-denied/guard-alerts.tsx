import type { TUserStatus } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { ShieldAlert, UserX } from 'lucide-react';
import type { TAllowedRoles } from '../session/route-access.ts';
import { accessDeniedText, inactiveAccountText } from './access-texts.ts';
import { useAccessT } from './messages.ts';

/** Shown in place of a page the user's role may not see. */
export function AccessDeniedAlert({ roles }: { roles: TAllowedRoles }) {
  const t = useAccessT();
  return (
    <div className="mx-auto max-w-2xl py-10">
      <Alert variant="destructive" data-testid="access-denied">
        <ShieldAlert className="size-4" aria-hidden />
        {/* The text opens with "Access denied.": a title saying it again made readers hear it twice. */}
        <AlertDescription>{accessDeniedText(roles, t)}</AlertDescription>
      </Alert>
    </div>
  );
}

/** Shown instead of any signed-in page when the account is not active. */
export function InactiveAccountAlert({ status, onLogout }: { status: TUserStatus; onLogout: () => void }) {
  const t = useAccessT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <Alert variant="destructive" className="max-w-lg bg-card" data-testid="inactive-account">
        <UserX className="size-4" aria-hidden />
        <AlertTitle>{t('session.inactiveTitle')}</AlertTitle>
        <AlertDescription>
          <p>{inactiveAccountText(status, t)}</p>
          <Button variant="outline" size="sm" className="mt-3 text-foreground" onClick={onLogout}>
            {t('session.logOut')}
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
