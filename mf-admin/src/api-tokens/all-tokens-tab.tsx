import {
  API_TOKEN_PATHS,
  adminApiTokenPath,
  type TAdminApiTokenListResponse,
  type TAdminApiTokenSummary,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
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
  fullName,
  handleSessionEnded,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useAllTokensT } from './messages.ts';

const ALL_TOKENS_KEY = [API_TOKEN_PATHS.admin] as const;

const ownerText = (owner: TAdminApiTokenSummary['owner']) => {
  const name = fullName(owner);
  return name ? `${name} (@${owner.username})` : `@${owner.username}`;
};

/** One token with its owner, and Revoke with its question in place (Cancel first, Escape cancels). */
function TokenRow({
  token,
  isRevoking,
  onRevoke,
}: {
  token: TAdminApiTokenSummary;
  isRevoking: boolean;
  onRevoke: () => void;
}) {
  const t = useAllTokensT();
  const [isConfirming, setIsConfirming] = useState(false);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  const owner = ownerText(token.owner);
  const isExpired = Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="space-y-3 rounded-lg border p-3" data-testid="all-tokens-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{token.name}</span>
            <code className="text-xs text-muted-foreground">{token.prefix}…</code>
          </p>
          <p className="break-words text-sm">{t('allTokens.owner', { owner })}</p>
          <p className="flex flex-wrap gap-1">
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="secondary">
                {scope}
              </Badge>
            ))}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('allTokens.created', { date: formatListDate(token.createdAt) })}
            {' · '}
            {isExpired
              ? t('allTokens.expired', { date: formatListDate(token.expiresAt) })
              : t('allTokens.expires', { date: formatListDate(token.expiresAt) })}
            {' · '}
            {token.lastUsedAt
              ? t('allTokens.lastUsed', {
                  when: formatRelativeTime(token.lastUsedAt),
                  address: token.lastUsedIp ?? '?',
                })
              : t('allTokens.neverUsed')}
          </p>
        </div>
        {!isConfirming && (
          <Button
            ref={revokeButtonRef}
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={t('allTokens.revokeToken', { name: token.name, owner })}
            onClick={() => setIsConfirming(true)}
          >
            {t('allTokens.revoke')}
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
            {t('allTokens.confirmTitle', { name: token.name, owner })}
          </legend>
          <p id={descriptionId} className="clear-left text-sm text-muted-foreground">
            {t('allTokens.confirmDescription')}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              autoFocus
              disabled={isRevoking}
              onClick={() => {
                setIsConfirming(false);
                requestAnimationFrame(() => revokeButtonRef.current?.focus());
              }}
            >
              {t('allTokens.cancel')}
            </Button>
            <Button variant="destructive" disabled={isRevoking} onClick={onRevoke}>
              {isRevoking && <Spinner aria-label={t('allTokens.revoking')} />}
              {t('allTokens.revoke')}
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

/**
 * Automation › API tokens (docs/product.md#api-tokens): every person's tokens with their owner, newest
 * first; an admin revokes any of them (audited).
 */
export default function AllTokensTab() {
  const t = useAllTokensT();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useQuery<TAdminApiTokenListResponse>({ queryKey: ALL_TOKENS_KEY });
  const tokens = list.data?.tokens ?? [];
  const revoke = useMutation({
    mutationFn: (tokenId: string) => apiRequest('DELETE', adminApiTokenPath(tokenId)),
    onSuccess: async () => {
      setFailure(null);
      await queryClient.invalidateQueries({ queryKey: ALL_TOKENS_KEY });
      headingRef.current?.focus();
      toast({ title: t('allTokens.revoked') });
    },
    onError: async (error) => {
      if (handleSessionEnded(error)) return;
      if (error instanceof ApiRequestError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: ALL_TOKENS_KEY });
        return;
      }
      setFailure(serverMessage(error) ?? t('allTokens.revokeFailed'));
    },
  });

  return (
    <Card data-testid="all-tokens-tab">
      <CardHeader>
        <CardTitle>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('allTokens.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('allTokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failure && (
          <Alert variant="destructive">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {list.isPending && <Spinner aria-label={t('allTokens.loading')} />}
        {list.isError && (
          <Alert variant="destructive">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription className="flex flex-wrap items-center gap-2">
              {t('allTokens.loadFailed')}
              <Button variant="outline" size="sm" onClick={() => list.refetch()}>
                {t('allTokens.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        )}
        {list.isSuccess && tokens.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('allTokens.none')}</p>
        )}
        {tokens.length > 0 && (
          <ul className="space-y-3" aria-label={t('allTokens.listLabel')}>
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                isRevoking={revoke.isPending && revoke.variables === token.id}
                onRevoke={() => revoke.mutate(token.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
