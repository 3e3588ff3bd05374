import { Button } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useAuthT } from './messages.ts';

const NEXT_STEPS = [
  'registrationSuccess.stepSubmitted',
  'registrationSuccess.stepReview',
  'registrationSuccess.stepEmail',
  'registrationSuccess.stepSignIn',
] as const;

/** The view after a successful registration. */
export function RegistrationSuccess({ onRegisterAnother }: { onRegisterAnother: () => void }) {
  const navigate = useNavigate();
  const t = useAuthT();
  const locale = useLocale();
  return (
    <div
      lang={locale}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10"
    >
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-lg">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CircleCheck className="size-8" aria-hidden />
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">{t('registrationSuccess.title')}</h1>
        <p className="mt-2 text-muted-foreground text-sm">{t('registrationSuccess.description')}</p>
        <div className="mt-6 rounded-lg border bg-muted/40 p-4 text-left">
          <p className="mb-2 font-medium text-sm">{t('registrationSuccess.nextHeading')}</p>
          <ol className="space-y-2 text-muted-foreground text-sm">
            {NEXT_STEPS.map((step, index) => (
              <li key={step} className="flex gap-2">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-xs">
                  {index + 1}
                </span>
                {t(step)}
              </li>
            ))}
          </ol>
        </div>
        <div className="mt-6 flex flex-col gap-2">
          <Button onClick={() => void navigate({ to: '/login' })}>{t('registrationSuccess.toLogin')}</Button>
          <Button variant="outline" onClick={onRegisterAnother}>
            {t('registrationSuccess.registerAnother')}
          </Button>
        </div>
      </div>
    </div>
  );
}
