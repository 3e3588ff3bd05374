import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuthT } from './messages.ts';

type TAuthPageShellProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Administrator screens get a darker backdrop so they are never mistaken for the user sign-in. */
  tone?: 'user' | 'admin';
  children: ReactNode;
  footer?: ReactNode;
  /**
   * The language the page's own texts are in, for screen readers' voice: a translated page passes the
   * active one; an English page passes none and only the translated brand line says its language.
   */
  lang?: string;
};

/** The centred card every public screen (sign-in, registration, password reset) sits in. */
export function AuthPageShell({
  icon: Icon,
  title,
  description,
  tone = 'user',
  children,
  footer,
  lang,
}: TAuthPageShellProps) {
  const isAdmin = tone === 'admin';
  const t = useAuthT();
  const locale = useLocale();
  return (
    <div
      lang={lang}
      className={cn(
        'flex min-h-screen flex-col items-center justify-center px-4 py-10',
        isAdmin ? 'bg-slate-900' : 'bg-gradient-to-br from-slate-50 via-white to-indigo-50',
      )}
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <div
            className={cn(
              'mb-3 flex size-12 items-center justify-center rounded-xl shadow-sm',
              isAdmin ? 'bg-white/10 text-white ring-1 ring-white/20' : 'bg-primary text-primary-foreground',
            )}
          >
            <Icon className="size-6" aria-hidden />
          </div>
          <p
            lang={locale}
            className={cn(
              'font-semibold text-sm tracking-wide',
              isAdmin ? 'text-slate-300' : 'text-muted-foreground',
            )}
          >
            {isAdmin ? t('authShell.adminBrand') : t('authShell.brand')}
          </p>
        </div>
        <Card className="shadow-lg">
          <CardHeader className="text-center">
            <CardTitle className="text-2xl">
              <h1>{title}</h1>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer && (
          <div
            className={cn('mt-6 text-center text-sm', isAdmin ? 'text-slate-400' : 'text-muted-foreground')}
          >
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
