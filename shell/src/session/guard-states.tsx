import type { TUserStatus } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
} from '@helpdesk/shared-ui';
import { ShieldAlert, UserX } from 'lucide-react';
import { useSessionT } from './messages.ts';
import { accessDeniedText, inactiveAccountText, type TAllowedRoles } from './route-access.ts';

/** The skeleton card a guarded page shows while the current user loads. */
export function GuardSkeleton() {
  const t = useSessionT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <Card className="w-full max-w-md" role="status" aria-busy="true" aria-label={t('session.loading')}>
        <CardHeader className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </CardHeader>
        <CardContent className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </CardContent>
      </Card>
    </div>
  );
}

/** Shown in place of a page the user's role may not see. */
export function AccessDeniedAlert({ roles }: { roles: TAllowedRoles }) {
  const t = useSessionT();
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
  const t = useSessionT();
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
