import {
  type TTwoFactorConfirmResponse,
  type TTwoFactorSetup,
  type TTwoFactorStep,
  type TUser,
  type TUserResponse,
  TWO_FACTOR_PATHS,
} from '@helpdesk/contracts';
import { apiRequest, Button, Skeleton, serverMessage } from '@helpdesk/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CodeForm } from '../profile/two-factor/code-form.tsx';
import { useTwoFactorT } from '../profile/two-factor/messages.ts';
import { RecoveryCodesPanel } from '../profile/two-factor/recovery-codes-panel.tsx';
import { SetupPanel } from '../profile/two-factor/setup-panel.tsx';

type TTwoFactorStepProps = {
  step: TTwoFactorStep;
  /** The session has started: welcome the user and go on. */
  onSignedIn: (user: TUser) => void;
  /** Back to the password form. */
  onBack: () => void;
};

/** The words of the step's heading and description, for the page around it. */
export const TWO_FACTOR_STEP_TEXT = {
  code: { title: 'twoFactor.title', description: 'twoFactor.signInDescription' },
  setup: { title: 'twoFactor.setupTitle', description: 'twoFactor.setupDescription' },
} as const;

function BackButton({ onBack }: { onBack: () => void }) {
  const t = useTwoFactorT();
  return (
    <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
      {t('twoFactor.backToSignIn')}
    </Button>
  );
}

/** The code (or a recovery code) after the right password of an account with two-factor on. */
function CodeStep({ onSignedIn, onBack }: Omit<TTwoFactorStepProps, 'step'>) {
  const t = useTwoFactorT();
  const [isRecovery, setIsRecovery] = useState(false);
  const verify = useMutation({
    mutationFn: (code: string) =>
      apiRequest<TUserResponse>(
        'POST',
        TWO_FACTOR_PATHS.challengeVerify,
        isRecovery ? { recoveryCode: code } : { code },
      ),
    onSuccess: ({ user }) => onSignedIn(user),
  });
  const failure = verify.error ? (serverMessage(verify.error) ?? t('twoFactor.failed')) : null;
  return (
    <div className="space-y-2">
      {isRecovery && <p className="text-muted-foreground text-sm">{t('twoFactor.recoveryDescription')}</p>}
      <CodeForm
        key={isRecovery ? 'recovery' : 'app'}
        kind={isRecovery ? 'recovery' : 'app'}
        label={isRecovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
        submitLabel={t('twoFactor.verify')}
        isPending={verify.isPending}
        failure={failure}
        onSubmit={(code) => verify.mutate(code)}
      >
        <Button
          type="button"
          variant="link"
          className="w-full"
          onClick={() => {
            verify.reset();
            setIsRecovery(!isRecovery);
          }}
        >
          {isRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Button>
        <BackButton onBack={onBack} />
      </CodeForm>
    </div>
  );
}

/**
 * The setup a staff account the desk requires to have two-factor goes through before its session
 * starts: the secret, a code that confirms it, then the recovery codes, shown once.
 */
function SetupStep({ onSignedIn, onBack }: Omit<TTwoFactorStepProps, 'step'>) {
  const t = useTwoFactorT();
  const setup = useQuery({
    queryKey: [TWO_FACTOR_PATHS.challengeSetup],
    queryFn: () => apiRequest<TTwoFactorSetup>('POST', TWO_FACTOR_PATHS.challengeSetup),
    gcTime: 0,
  });
  const confirm = useMutation({
    mutationFn: (code: string) =>
      apiRequest<TTwoFactorConfirmResponse>('POST', TWO_FACTOR_PATHS.challengeConfirm, { code }),
  });
  if (confirm.data) {
    const { user, recoveryCodes } = confirm.data;
    return (
      <RecoveryCodesPanel
        codes={recoveryCodes}
        doneLabel={t('twoFactor.continue')}
        onDone={() => onSignedIn(user)}
      />
    );
  }
  if (setup.isPending) return <Skeleton className="mx-auto size-48" />;
  if (setup.isError) {
    return (
      <div className="space-y-4">
        <p className="text-destructive text-sm" data-testid="two-factor-error">
          {serverMessage(setup.error) ?? t('twoFactor.failed')}
        </p>
        <BackButton onBack={onBack} />
      </div>
    );
  }
  return (
    <SetupPanel
      setup={setup.data}
      submitLabel={t('twoFactor.continue')}
      isPending={confirm.isPending}
      failure={confirm.error ? (serverMessage(confirm.error) ?? t('twoFactor.failed')) : null}
      onConfirm={(code) => confirm.mutate(code)}
    >
      <BackButton onBack={onBack} />
    </SetupPanel>
  );
}

/** A password sign-in's second step (docs/product.md#two-factor-authentication). */
export function TwoFactorStep({ step, ...props }: TTwoFactorStepProps) {
  return step === 'code' ? <CodeStep {...props} /> : <SetupStep {...props} />;
}
