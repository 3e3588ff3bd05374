import { type TTwoFactorProofRequest, ZTwoFactorPasswordProof } from '@helpdesk/contracts';
import { Alert, AlertDescription, Button, Spinner } from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../auth/password-field.tsx';
import { CodeForm } from '../../two-factor/code-form.tsx';
import { useTwoFactorT } from '../../two-factor/messages.ts';
import { useProfileTwoFactorT } from './messages.ts';

type TProofFormProps = {
  title: string;
  description: string;
  submitLabel: string;
  isPending: boolean;
  failure: string | null;
  onSubmit: (proof: TTwoFactorProofRequest) => void;
  onCancel: () => void;
};

/** Asks for the password, or a code (from the app or a recovery code), before a change to two-factor. */
export function ProofForm({
  title,
  description,
  submitLabel,
  isPending,
  failure,
  onSubmit,
  onCancel,
}: TProofFormProps) {
  const t = useTwoFactorT();
  const p = useProfileTwoFactorT();
  const [isCode, setIsCode] = useState(false);
  const form = useForm({ resolver: zodResolver(ZTwoFactorPasswordProof), defaultValues: { password: '' } });
  const switchTo = (
    <div className="flex flex-wrap justify-between gap-2">
      <Button type="button" variant="link" className="px-0" onClick={() => setIsCode(!isCode)}>
        {isCode ? p('profileTwoFactor.usePassword') : p('profileTwoFactor.useCode')}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {p('profileTwoFactor.cancel')}
      </Button>
    </div>
  );
  return (
    <section className="space-y-4" aria-labelledby="two-factor-proof-title">
      <div className="space-y-1">
        <h3 id="two-factor-proof-title" className="font-semibold">
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {isCode ? (
        <CodeForm
          kind="recovery"
          label={p('profileTwoFactor.proofCodeLabel')}
          submitLabel={submitLabel}
          isPending={isPending}
          failure={failure}
          onSubmit={(code) => onSubmit({ code })}
        >
          {switchTo}
        </CodeForm>
      ) : (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
            {failure && (
              <Alert variant="destructive" data-testid="two-factor-error">
                <CircleAlert className="size-4" aria-hidden />
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            )}
            <PasswordField
              control={form.control}
              name="password"
              label={p('profileTwoFactor.passwordLabel')}
              autoComplete="current-password"
              autoFocus
            />
            <Button type="submit" className="w-full" disabled={isPending}>
              {isPending && <Spinner aria-label={t('twoFactor.checkingLabel')} />}
              {isPending ? t('twoFactor.checking') : submitLabel}
            </Button>
            {switchTo}
          </form>
        </Form>
      )}
    </section>
  );
}
