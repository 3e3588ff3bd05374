import {
  type TRecoveryCodesResponse,
  type TTwoFactorProofRequest,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  TWO_FACTOR_PATHS,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  handleSessionEnded,
  Skeleton,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTwoFactorT } from '../../two-factor/messages.ts';
import { RecoveryCodesPanel } from '../../two-factor/recovery-codes-panel.tsx';
import { SetupPanel } from '../../two-factor/setup-panel.tsx';
import { useProfileTwoFactorT } from './messages.ts';
import { ProofForm } from './proof-form.tsx';

const STATUS_KEY = [TWO_FACTOR_PATHS.status] as const;

/** What the card shows besides the status: a setup, the codes shown once, or a proof for a change. */
type TPanel =
  | { kind: 'none' }
  | { kind: 'setup'; setup: TTwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'proof'; purpose: 'turnOff' | 'newCodes' };

/** The profile's two-factor card: turn on (QR, key, code, recovery codes), turn off, new recovery codes. */
export function TwoFactorSection() {
  const t = useTwoFactorT();
  const p = useProfileTwoFactorT();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<TPanel>({ kind: 'none' });
  const [failure, setFailure] = useState<string | null>(null);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => apiRequest<TTwoFactorStatus>('GET', TWO_FACTOR_PATHS.status),
  });
  const onError = (error: unknown) => {
    if (handleSessionEnded(error)) return;
    setFailure(serverMessage(error) ?? t('twoFactor.failed'));
  };
  const show = (next: TPanel) => {
    setFailure(null);
    setPanel(next);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const begin = useMutation({
    mutationFn: () => apiRequest<TTwoFactorSetup>('POST', TWO_FACTOR_PATHS.setup),
    onSuccess: (setup) => show({ kind: 'setup', setup }),
    onError,
  });
  const enable = useMutation({
    mutationFn: (code: string) =>
      apiRequest<TRecoveryCodesResponse>('POST', TWO_FACTOR_PATHS.enable, { code }),
    onSuccess: ({ recoveryCodes }) => {
      show({ kind: 'codes', codes: recoveryCodes });
      toast({ title: p('profileTwoFactor.turnedOn') });
      void refresh();
    },
    onError,
  });
  const change = useMutation({
    mutationFn: ({ purpose, proof }: { purpose: 'turnOff' | 'newCodes'; proof: TTwoFactorProofRequest }) =>
      purpose === 'turnOff'
        ? apiRequest<unknown>('POST', TWO_FACTOR_PATHS.disable, proof).then(() => null)
        : apiRequest<TRecoveryCodesResponse>('POST', TWO_FACTOR_PATHS.recoveryCodes, proof),
    onSuccess: (answer) => {
      if (answer) {
        show({ kind: 'codes', codes: answer.recoveryCodes });
      } else {
        show({ kind: 'none' });
        toast({ title: p('profileTwoFactor.turnedOff') });
      }
      void refresh();
    },
    onError,
  });

  const isOn = status.data?.enabled ?? false;
  return (
    <Card data-testid="two-factor-section">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t('twoFactor.title')}</CardTitle>
          {status.data && (
            <Badge variant={isOn ? 'default' : 'secondary'} data-testid="two-factor-status">
              {isOn ? p('profileTwoFactor.statusOn') : p('profileTwoFactor.statusOff')}
            </Badge>
          )}
        </div>
        <CardDescription>{p('profileTwoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending && <Skeleton className="h-9 w-48" />}
        {status.isError && <p className="text-destructive text-sm">{p('profileTwoFactor.loadFailed')}</p>}
        {status.data?.required && !isOn && <p className="text-sm">{p('profileTwoFactor.required')}</p>}
        {panel.kind === 'setup' && (
          <SetupPanel
            setup={panel.setup}
            submitLabel={p('profileTwoFactor.confirm')}
            isPending={enable.isPending}
            failure={failure}
            onConfirm={(code) => enable.mutate(code)}
          >
            <Button type="button" variant="ghost" className="w-full" onClick={() => show({ kind: 'none' })}>
              {p('profileTwoFactor.cancel')}
            </Button>
          </SetupPanel>
        )}
        {panel.kind === 'codes' && (
          <RecoveryCodesPanel
            codes={panel.codes}
            doneLabel={p('profileTwoFactor.codesSaved')}
            onDone={() => show({ kind: 'none' })}
          />
        )}
        {panel.kind === 'proof' && (
          <ProofForm
            title={
              panel.purpose === 'turnOff'
                ? p('profileTwoFactor.turnOffTitle')
                : p('profileTwoFactor.newCodesTitle')
            }
            description={
              panel.purpose === 'turnOff'
                ? p('profileTwoFactor.turnOffDescription')
                : p('profileTwoFactor.newCodesDescription')
            }
            submitLabel={
              panel.purpose === 'turnOff' ? p('profileTwoFactor.turnOff') : p('profileTwoFactor.newCodes')
            }
            isPending={change.isPending}
            failure={failure}
            onSubmit={(proof) => change.mutate({ purpose: panel.purpose, proof })}
            onCancel={() => show({ kind: 'none' })}
          />
        )}
        {panel.kind === 'none' && status.data && !isOn && (
          <>
            {failure && <p className="text-destructive text-sm">{failure}</p>}
            <Button type="button" disabled={begin.isPending} onClick={() => begin.mutate()}>
              <ShieldCheck aria-hidden />
              {p('profileTwoFactor.turnOn')}
            </Button>
          </>
        )}
        {panel.kind === 'none' && isOn && status.data && (
          <div className="flex flex-wrap items-center gap-2">
            <p className="me-auto text-muted-foreground text-sm" data-testid="recovery-codes-left">
              {p('profileTwoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
            </p>
            <Button
              type="button"
              variant="outline"
              onClick={() => show({ kind: 'proof', purpose: 'newCodes' })}
            >
              <KeyRound aria-hidden />
              {p('profileTwoFactor.newCodes')}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => show({ kind: 'proof', purpose: 'turnOff' })}
            >
              <ShieldAlert aria-hidden />
              {p('profileTwoFactor.turnOff')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
