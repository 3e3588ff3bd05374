import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_LIMITS,
  API_TOKEN_PATHS,
  ownApiTokenPath,
  ROLE_TOKEN_SCOPES,
  type TApiTokenListResponse,
  type TApiTokenScope,
  type TApiTokenSummary,
  type TCreatedApiTokenResponse,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  ApiRequestError,
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatListDate,
  formatRelativeTime,
  handleSessionEnded,
  Input,
  Label,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Copy, KeyRound, Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedInUser } from '../../session/signed-in-user.tsx';
import { useApiTokensT } from './messages.ts';
import { isExpired, SCOPE_LABEL_IDS } from './token-labels.ts';

const TOKENS_KEY = [API_TOKEN_PATHS.own] as const;

/**
 * The create form, in place of its button (the profile stays one small chunk, no dialog): name,
 * lifetime and the scopes the person's role allows. Escape cancels.
 */
function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: TCreatedApiTokenResponse) => void;
  onCancel: () => void;
}) {
  const t = useApiTokensT();
  const user = useSignedInUser();
  const ids = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(30);
  const [scopes, setScopes] = useState<TApiTokenScope[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      apiRequest<TCreatedApiTokenResponse>('POST', API_TOKEN_PATHS.own, {
        name,
        expiresInDays: days,
        scopes,
      }),
    onSuccess: onCreated,
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setProblem(serverMessage(error) ?? t('apiTokens.createFailed'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('apiTokens.nameRequired'));
    if (scopes.length === 0) return setProblem(t('apiTokens.scopesRequired'));
    setProblem(null);
    create.mutate();
  };
  const toggle = (scope: TApiTokenScope, isOn: boolean) =>
    setScopes((current) => (isOn ? [...current, scope] : current.filter((chosen) => chosen !== scope)));

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg border p-3"
      data-testid="api-token-form"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !create.isPending) onCancel();
      }}
    >
      <fieldset className="space-y-4" disabled={create.isPending}>
        <legend className="font-medium">{t('apiTokens.formLegend')}</legend>
        {problem && (
          <Alert variant="destructive" data-testid="api-token-form-error">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${ids}-name`}>{t('apiTokens.name')}</Label>
            <Input
              id={`${ids}-name`}
              autoFocus
              value={name}
              maxLength={API_TOKEN_LIMITS.nameMax}
              placeholder={t('apiTokens.namePlaceholder')}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-expiry`}>{t('apiTokens.expiry')}</Label>
            <select
              id={`${ids}-expiry`}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {API_TOKEN_EXPIRY_DAYS.map((count) => (
                <option key={count} value={count}>
                  {t('apiTokens.days', { count })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('apiTokens.scopes')}</legend>
          {ROLE_TOKEN_SCOPES[user.role].map((scope) => (
            <div key={scope} className="flex items-center gap-2">
              <Checkbox
                id={`${ids}-${scope}`}
                checked={scopes.includes(scope)}
                onCheckedChange={(checked) => toggle(scope, checked === true)}
              />
              <Label htmlFor={`${ids}-${scope}`} className="font-normal">
                {t(SCOPE_LABEL_IDS[scope])} <code className="text-xs text-muted-foreground">{scope}</code>
              </Label>
            </div>
          ))}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('apiTokens.cancel')}
          </Button>
          <Button type="submit">
            {create.isPending && <Spinner aria-label={t('apiTokens.creating')} />}
            {t('apiTokens.create')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** The new token's secret, shown this once with a Copy button; Done puts it away for good. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useApiTokensT();
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: t('apiTokens.copied') });
    } catch {
      toast({ title: t('apiTokens.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Alert data-testid="api-token-secret-box">
      <KeyRound className="size-4" aria-hidden />
      <AlertTitle>{t('apiTokens.secretTitle')}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{t('apiTokens.secretDescription')}</p>
        <Label htmlFor={inputId} className="sr-only">
          {t('apiTokens.secretLabel')}
        </Label>
        <Input
          id={inputId}
          readOnly
          autoFocus
          value={secret}
          className="font-mono"
          data-testid="api-token-secret"
          onFocus={(event) => event.target.select()}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={copy}>
            <Copy aria-hidden />
            {t('apiTokens.copy')}
          </Button>
          <Button type="button" onClick={onDone}>
            {t('apiTokens.done')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** One token: name, prefix, scopes, dates, and Revoke with its question in place. */
function TokenItem({
  token,
  isRevoking,
  onRevoke,
}: {
  token: TApiTokenSummary;
  isRevoking: boolean;
  onRevoke: () => void;
}) {
  const t = useApiTokensT();
  const [isConfirming, setIsConfirming] = useState(false);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  return (
    <li className="space-y-3 rounded-lg border p-3" data-testid="api-token-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{token.name}</span>
            <code className="text-xs text-muted-foreground">{token.prefix}…</code>
          </p>
          <p className="flex flex-wrap gap-1">
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="secondary" title={t(SCOPE_LABEL_IDS[scope])}>
                {scope}
              </Badge>
            ))}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('apiTokens.created', { date: formatListDate(token.createdAt) })}
            {' · '}
            {isExpired(token.expiresAt)
              ? t('apiTokens.expired', { date: formatListDate(token.expiresAt) })
              : t('apiTokens.expires', { date: formatListDate(token.expiresAt) })}
            {' · '}
            {token.lastUsedAt
              ? t('apiTokens.lastUsed', { when: formatRelativeTime(token.lastUsedAt) })
              : t('apiTokens.neverUsed')}
          </p>
        </div>
        {!isConfirming && (
          <Button
            ref={revokeButtonRef}
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={t('apiTokens.revokeToken', { name: token.name })}
            onClick={() => setIsConfirming(true)}
          >
            {t('apiTokens.revoke')}
          </Button>
        )}
      </div>
      {isConfirming && (
        <fieldset
          aria-describedby={descriptionId}
          className="space-y-3 rounded-lg border border-destructive/40 p-3"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !isRevoking) setIsConfirming(false);
          }}
        >
          <legend className="float-left mb-1 w-full font-medium">
            {t('apiTokens.confirmTitle', { name: token.name })}
          </legend>
          <p id={descriptionId} className="clear-left text-sm text-muted-foreground">
            {t('apiTokens.confirmDescription')}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            {/* Cancel takes the focus first, so a stray Enter changes nothing. */}
            <Button
              variant="outline"
              autoFocus
              disabled={isRevoking}
              onClick={() => {
                setIsConfirming(false);
                requestAnimationFrame(() => revokeButtonRef.current?.focus());
              }}
            >
              {t('apiTokens.cancel')}
            </Button>
            <Button variant="destructive" disabled={isRevoking} onClick={onRevoke}>
              {isRevoking && <Spinner aria-label={t('apiTokens.revoking')} />}
              {t('apiTokens.revoke')}
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

/**
 * The profile's API tokens (docs/product.md#api-tokens): the person's tokens, a new one made in place
 * and its secret shown once, each revoked after a question. Loaded with its own chunk when the profile
 * opens, never on the dashboard's path.
 */
export default function ApiTokensSection() {
  const t = useApiTokensT();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useQuery<TApiTokenListResponse>({ queryKey: TOKENS_KEY });
  const tokens = list.data?.tokens ?? [];

  const revoke = useMutation({
    mutationFn: (tokenId: string) => apiRequest('DELETE', ownApiTokenPath(tokenId)),
    onSuccess: async () => {
      setFailure(null);
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
      headingRef.current?.focus();
      toast({ title: t('apiTokens.revoked') });
    },
    onError: async (error) => {
      if (handleSessionEnded(error)) return;
      if (error instanceof ApiRequestError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
        return;
      }
      setFailure(serverMessage(error) ?? t('apiTokens.revokeFailed'));
    },
  });

  return (
    <Card data-testid="api-tokens-section">
      <CardHeader>
        <CardTitle>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('apiTokens.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('apiTokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failure && (
          <Alert variant="destructive">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {secret && (
          <NewSecret
            secret={secret}
            onDone={() => {
              setSecret(null);
              requestAnimationFrame(() => newButtonRef.current?.focus());
            }}
          />
        )}
        {list.isPending && <Spinner aria-label={t('apiTokens.loading')} />}
        {list.isError && (
          <Alert variant="destructive">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription className="flex flex-wrap items-center gap-2">
              {t('apiTokens.loadFailed')}
              <Button variant="outline" size="sm" onClick={() => list.refetch()}>
                {t('apiTokens.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        )}
        {list.isSuccess && tokens.length === 0 && !isCreating && (
          <p className="text-sm text-muted-foreground">{t('apiTokens.none')}</p>
        )}
        {tokens.length > 0 && (
          <ul className="space-y-3" aria-label={t('apiTokens.listLabel')}>
            {tokens.map((token) => (
              <TokenItem
                key={token.id}
                token={token}
                isRevoking={revoke.isPending && revoke.variables === token.id}
                onRevoke={() => revoke.mutate(token.id)}
              />
            ))}
          </ul>
        )}
        {isCreating ? (
          <CreateTokenForm
            onCreated={async (created) => {
              setIsCreating(false);
              setSecret(created.secret);
              await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
            }}
            onCancel={() => {
              setIsCreating(false);
              requestAnimationFrame(() => newButtonRef.current?.focus());
            }}
          />
        ) : (
          <div className="flex justify-end">
            <Button ref={newButtonRef} variant="outline" onClick={() => setIsCreating(true)}>
              <Plus aria-hidden />
              {t('apiTokens.new')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
