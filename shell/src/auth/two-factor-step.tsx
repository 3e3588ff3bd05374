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
import { CodeForm } from '../two-factor/code-form.tsx';
import { useTwoFactorT } from '../two-factor/messages.ts';
import { RecoveryCodesPanel } from '../two-factor/recovery-codes-panel.tsx';
import { SetupPanel } from '../two-factor/setup-panel.tsx';

type TStepProps = { onSignedIn: (user: TUser) => void; onBack: () => void };

/** The heading and description of each step, for the page around it. */
export const TWO_FACTOR_STEP_TEXT = {
  code: ['twoFactor.title', 'twoFactor.signInDescription'],
  setup: ['twoFactor.setupTitle', 'twoFactor.setupDescription'],
} as const;

function useFailure(error: Error | null): string | null {
  const t = useTwoFactorT();
  return error ? (serverMessage(error) ?? t('twoFactor.failed')) : null;
}

function CodeStep({ onSignedIn, onBack }: TStepProps) {
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
  return (
    <CodeForm
      key={String(isRecovery)}
      kind={isRecovery ? 'recovery' : 'app'}
      label={isRecovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
      hint={isRecovery ? t('twoFactor.recoveryDescription') : undefined}
      submitLabel={t('twoFactor.verify')}
      isPending={verify.isPending}
      failure={useFailure(verify.error)}
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
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {t('twoFactor.backToSignIn')}
      </Button>
    </CodeForm>
  );
}

/** A staff account the desk requires to have two-factor sets it up before its session starts. */
function SetupStep({ onSignedIn, onBack }: TStepProps) {
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
  const failure = useFailure(setup.error ?? confirm.error);
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
  const back = (
    <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
      {t('twoFactor.backToSignIn')}
    </Button>
  );
  if (!setup.data) {
    return setup.isPending ? (
      <Skeleton className="mx-auto size-48" />
    ) : (
      <div className="space-y-4" data-testid="two-factor-error">
        <p className="text-destructive text-sm">{failure}</p>
        {back}
      </div>
    );
  }
  return (
    <SetupPanel
      setup={setup.data}
      submitLabel={t('twoFactor.continue')}
      isPending={confirm.isPending}
      failure={failure}
      onConfirm={(code) => confirm.mutate(code)}
    >
      {back}
    </SetupPanel>
  );
}

/** A password sign-in's second step (docs/product.md#two-factor-authentication). */
export function TwoFactorStep({ step, ...props }: TStepProps & { step: TTwoFactorStep }) {
  return step === 'code' ? <CodeStep {...props} /> : <SetupStep {...props} />;
}
