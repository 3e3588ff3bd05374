import {
  ownSessionPath,
  SESSION_PATHS,
  type TEndedSessionsResponse,
  type TSessionListResponse,
  type TSessionSummary,
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
  handleSessionEnded,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useSessionsT } from './messages.ts';
import { deviceLabel, SESSION_METHOD_LABEL_IDS } from './session-labels.ts';

const SESSIONS_KEY = [SESSION_PATHS.own] as const;

function DeviceIcon({ kind }: { kind: TSessionSummary['device']['kind'] }) {
  if (kind === 'mobile') return <Smartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden />;
  if (kind === 'tablet') return <Tablet className="size-5 shrink-0 text-muted-foreground" aria-hidden />;
  return <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden />;
}

/**
 * One session as a small card of its own (it stacks on a phone): device, "This device" or a Sign out
 * button, then address, last use, sign-in and how it began.
 */
function SessionItem({
  session,
  isEnding,
  onEnd,
}: {
  session: TSessionSummary;
  isEnding: boolean;
  onEnd: () => void;
}) {
  const t = useSessionsT();
  const device = deviceLabel(session.device, t);
  const address = session.ipAddress ?? t('sessions.unknownAddress');
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-row"
      data-current={session.isCurrent ? 'true' : undefined}
    >
      <div className="flex min-w-0 gap-3">
        <DeviceIcon kind={session.device.kind} />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{device}</span>
            {session.isCurrent && <Badge variant="secondary">{t('sessions.thisDevice')}</Badge>}
          </p>
          <p className="break-words text-sm text-muted-foreground">
            {address}
            {' · '}
            {session.isCurrent
              ? t('sessions.activeNow')
              : t('sessions.lastUsed', { when: formatRelativeTime(session.lastUsedAt) })}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('sessions.signedIn', { date: formatListDate(session.signedInAt) })}
            {' · '}
            {t(SESSION_METHOD_LABEL_IDS[session.method])}
          </p>
        </div>
      </div>
      {!session.isCurrent && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={isEnding}
          aria-label={t('sessions.signOutOf', { device, address })}
          onClick={onEnd}
        >
          {isEnding ? <Spinner aria-label={t('sessions.signingOut')} /> : <LogOut aria-hidden />}
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/**
 * The question before every other session ends, in place of its button rather than in a dialog: the
 * profile stays one small chunk. Cancel takes the focus first, so a stray Enter changes nothing, and
 * Escape cancels.
 */
function ConfirmEndOthers({
  count,
  isPending,
  onConfirm,
  onCancel,
}: {
  count: number;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useSessionsT();
  const descriptionId = useId();
  return (
    <fieldset
      aria-describedby={descriptionId}
      className="space-y-3 rounded-lg border border-destructive/40 p-3"
      data-testid="sessions-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isPending) onCancel();
      }}
    >
      <legend className="float-left mb-1 w-full font-medium">{t('sessions.confirmTitle')}</legend>
      <p id={descriptionId} className="clear-left text-sm text-muted-foreground">
        {t('sessions.confirmDescription', { count })}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {/* The question replaced the button that had the focus: the focus moves into it. */}
        <Button variant="outline" autoFocus disabled={isPending} onClick={onCancel}>
          {t('sessions.cancel')}
        </Button>
        <Button variant="destructive" disabled={isPending} onClick={onConfirm}>
          {isPending && <Spinner aria-label={t('sessions.signingOut')} />}
          {t('sessions.signOutOthers')}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The profile's sessions (docs/product.md#sessions): every browser signed in to the account, this
 * one first, each signed out on its own, or all the others at once after a confirmation. The list is
 * read when the profile opens, never on the dashboard's path.
 */
export function SessionsSection() {
  const t = useSessionsT();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const othersButtonRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const list = useQuery<TSessionListResponse>({ queryKey: SESSIONS_KEY });
  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((session) => !session.isCurrent).length;

  const afterEnding = async () => {
    setFailure(null);
    await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    // The button that was pressed is gone: the section's heading keeps the keyboard's place.
    headingRef.current?.focus();
  };
  const onFailure = async (error: Error) => {
    if (handleSessionEnded(error)) return;
    // Already ended elsewhere: the list is simply out of date.
    if (error instanceof ApiRequestError && error.status === 404) return afterEnding();
    setFailure(serverMessage(error) ?? t('sessions.endFailed'));
  };

  const endOne = useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<TEndedSessionsResponse>('DELETE', ownSessionPath(sessionId)),
    onSuccess: async () => {
      await afterEnding();
      toast({ title: t('sessions.ended') });
    },
    onError: onFailure,
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest<TEndedSessionsResponse>('DELETE', SESSION_PATHS.ownOthers),
    onSuccess: async ({ ended }) => {
      setIsConfirming(false);
      await afterEnding();
      toast({ title: t('sessions.endedOthers', { count: ended }) });
    },
    onError: (error) => {
      setIsConfirming(false);
      return onFailure(error);
    },
  });

  return (
    <Card data-testid="sessions-section">
      <CardHeader>
        <CardTitle>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {t('sessions.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failure && (
          <Alert variant="destructive" data-testid="sessions-error">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {list.isPending && <Spinner aria-label={t('sessions.loading')} />}
        {list.isError && (
          <Alert variant="destructive">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription className="flex flex-wrap items-center gap-2">
              {t('sessions.loadFailed')}
              <Button variant="outline" size="sm" onClick={() => list.refetch()}>
                {t('sessions.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        )}
        {sessions.length > 0 && (
          <ul className="space-y-3" aria-label={t('sessions.listLabel')}>
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                isEnding={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
        )}
        {list.isSuccess &&
          (isConfirming ? (
            <ConfirmEndOthers
              count={others}
              isPending={endOthers.isPending}
              onConfirm={() => endOthers.mutate()}
              onCancel={() => {
                setIsConfirming(false);
                // Back to the button that asked, so the keyboard carries on where it was.
                requestAnimationFrame(() => othersButtonRef.current?.focus());
              }}
            />
          ) : (
            <div className="flex flex-wrap items-center justify-end gap-3">
              {others === 0 && (
                <p className="mr-auto text-sm text-muted-foreground">{t('sessions.onlyThisOne')}</p>
              )}
              <Button
                ref={othersButtonRef}
                variant="outline"
                disabled={others === 0 || endOthers.isPending}
                onClick={() => setIsConfirming(true)}
              >
                <LogOut aria-hidden />
                {t('sessions.signOutOthers')}
              </Button>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}
