import { Button } from '@helpdesk/shared-ui';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';

const NEXT_STEPS = [
  'Your registration has been submitted for review.',
  'An administrator will review and approve your account.',
  'You will receive an email once your account is approved.',
  'Then log in with your username and password.',
];

/** The view after a successful registration. */
export function RegistrationSuccess({ onRegisterAnother }: { onRegisterAnother: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-lg">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CircleCheck className="size-8" aria-hidden />
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">Registration Successful!</h1>
        <p className="mt-2 text-muted-foreground text-sm">
          Your account has been created and is pending approval by an administrator.
        </p>
        <div className="mt-6 rounded-lg border bg-muted/40 p-4 text-left">
          <p className="mb-2 font-medium text-sm">What happens next?</p>
          <ol className="space-y-2 text-muted-foreground text-sm">
            {NEXT_STEPS.map((step, index) => (
              <li key={step} className="flex gap-2">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-xs">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </div>
        <div className="mt-6 flex flex-col gap-2">
          <Button onClick={() => void navigate({ to: '/login' })}>Go to Login Page</Button>
          <Button variant="outline" onClick={onRegisterAnother}>
            Register Another Account
          </Button>
        </div>
      </div>
    </div>
  );
}
