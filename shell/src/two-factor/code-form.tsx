import { type TTwoFactorCodeRequest, ZTwoFactorCodeRequest } from '@helpdesk/contracts';
import { Alert, AlertDescription, Button, Spinner } from '@helpdesk/shared-ui';
import { Form, FormDescription } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTwoFactorT } from './messages.ts';

type TCodeFormProps = {
  /** The field's label, hint and the submit button's words, in the reader's language. */
  label: string;
  hint?: string;
  submitLabel: string;
  /** A six-digit code from the app (numeric keyboard, one-time-code autofill) or a recovery code. */
  kind: 'app' | 'recovery';
  isPending: boolean;
  failure: string | null;
  onSubmit: (code: string) => void;
  /** Shown under the button: "use a recovery code instead", "cancel". */
  children?: ReactNode;
};

/** One code and its submit button, for setup, the sign-in's second step and proofs. */
export function CodeForm({
  label,
  hint,
  submitLabel,
  kind,
  isPending,
  failure,
  onSubmit,
  children,
}: TCodeFormProps) {
  const t = useTwoFactorT();
  const form = useForm<TTwoFactorCodeRequest>({
    resolver: zodResolver(ZTwoFactorCodeRequest),
    defaultValues: { code: '' },
  });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ code }) => onSubmit(code))} className="space-y-4" noValidate>
        {failure && (
          <Alert variant="destructive" data-testid="two-factor-error">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="code"
          label={label}
          autoFocus
          autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
          inputMode={kind === 'app' ? 'numeric' : 'text'}
          spellCheck={false}
          className="font-mono tracking-widest"
        >
          {hint && <FormDescription>{hint}</FormDescription>}
        </FormTextField>
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending && <Spinner aria-label={t('twoFactor.checkingLabel')} />}
          {isPending ? t('twoFactor.checking') : submitLabel}
        </Button>
        {children}
      </form>
    </Form>
  );
}
