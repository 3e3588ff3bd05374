import {
  ADMIN_API_PATHS,
  ONBOARDING_ITEMS,
  type TOnboardingItemKey,
  type TOnboardingStatus,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Button,
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  handleSessionEnded,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@helpdesk/shared-ui/alert-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, ChevronRight } from 'lucide-react';
import { useOnboardingT } from './messages.ts';

const ONBOARDING_QUERY_KEY = [ADMIN_API_PATHS.adminOnboarding] as const;

// Each item's text (contracts' ONBOARDING_ITEMS holds its English and its screen).
const ITEM_TEXTS = {
  company: { label: 'onboarding.company', hint: 'onboarding.companyHint' },
  mailServer: { label: 'onboarding.mailServer', hint: 'onboarding.mailServerHint' },
  team: { label: 'onboarding.team', hint: 'onboarding.teamHint' },
  agents: { label: 'onboarding.agents', hint: 'onboarding.agentsHint' },
  serviceLevels: { label: 'onboarding.serviceLevels', hint: 'onboarding.serviceLevelsHint' },
  knowledgeBase: { label: 'onboarding.knowledgeBase', hint: 'onboarding.knowledgeBaseHint' },
} as const satisfies Record<TOnboardingItemKey, { label: string; hint: string }>;

function ChecklistItem({ itemKey, isDone }: { itemKey: TOnboardingItemKey; isDone: boolean }) {
  const t = useOnboardingT();
  const item = ONBOARDING_ITEMS[itemKey];
  const texts = ITEM_TEXTS[itemKey];
  return (
    <li data-testid="onboarding-item" data-done={isDone}>
      <Link
        to={item.to}
        className="group flex items-center gap-3 rounded-md px-2 py-2.5 outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span
          className={cn(
            'flex size-6 shrink-0 items-center justify-center rounded-full border',
            isDone ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/40',
          )}
          aria-hidden
        >
          {isDone ? <Check className="size-3.5" /> : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block font-medium text-sm', isDone && 'text-muted-foreground line-through')}>
            {t(texts.label)}
            <span className="sr-only">{isDone ? t('onboarding.itemDone') : t('onboarding.itemToDo')}</span>
          </span>
          {isDone ? null : <span className="block text-muted-foreground text-xs">{t(texts.hint)}</span>}
        </span>
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden
        />
      </Link>
    </li>
  );
}

/**
 * The first-day checklist on an admin's dashboard (docs/product.md#first-day-checklist): each item links
 * to its screen and is ticked by the server from the desk's data. Gone once every item is done or an
 * admin dismissed it; while it loads or fails nothing is drawn, since the dashboard works without it.
 */
export function OnboardingChecklist() {
  const t = useOnboardingT();
  const queryClient = useQueryClient();
  const query = useQuery<TOnboardingStatus>({ queryKey: ONBOARDING_QUERY_KEY, refetchOnMount: 'always' });
  const dismiss = useMutation({
    mutationFn: () => apiRequest<TOnboardingStatus>('POST', ADMIN_API_PATHS.adminOnboardingDismiss, {}),
    onSuccess: (status) => queryClient.setQueryData(ONBOARDING_QUERY_KEY, status),
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast({
          title: t('onboarding.dismissError'),
          description: serverMessage(error) ?? t('onboarding.tryAgain'),
          variant: 'destructive',
        });
    },
  });
  const status = query.data;
  if (!status?.isVisible) return null;
  const done = status.items.filter((item) => item.isDone).length;
  const progress = { done, total: status.items.length };

  return (
    <Card className="gap-4" data-testid="onboarding-checklist" aria-labelledby="onboarding-title">
      <CardHeader>
        <CardTitle id="onboarding-title">{t('onboarding.title')}</CardTitle>
        <CardDescription>{t('onboarding.description', progress)}</CardDescription>
        <CardAction>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="sm" disabled={dismiss.isPending}>
                {t('onboarding.dismiss')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('onboarding.dismissTitle')}</AlertDialogTitle>
                <AlertDialogDescription>{t('onboarding.dismissConfirm')}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('onboarding.keep')}</AlertDialogCancel>
                <AlertDialogAction onClick={() => dismiss.mutate()}>
                  {t('onboarding.dismiss')}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={t('onboarding.progress', progress)}
          aria-valuemin={0}
          aria-valuemax={status.items.length}
          aria-valuenow={done}
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${(done / status.items.length) * 100}%` }}
          />
        </div>
        <ul className="grid gap-x-4 sm:grid-cols-2">
          {status.items.map((item) => (
            <ChecklistItem key={item.key} itemKey={item.key} isDone={item.isDone} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
