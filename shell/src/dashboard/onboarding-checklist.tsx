import {
  ADMIN_API_PATHS,
  ONBOARDING_ITEMS,
  ONBOARDING_MESSAGES,
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

const ONBOARDING_QUERY_KEY = [ADMIN_API_PATHS.adminOnboarding] as const;

/** "2 of 4 done", for the heading and the progress bar's label. */
export function progressText(status: TOnboardingStatus): string {
  const done = status.items.filter((item) => item.isDone).length;
  return `${done} of ${status.items.length} done`;
}

function ChecklistItem({ itemKey, isDone }: { itemKey: keyof typeof ONBOARDING_ITEMS; isDone: boolean }) {
  const item = ONBOARDING_ITEMS[itemKey];
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
            {item.label}
            <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
          </span>
          {isDone ? null : <span className="block text-muted-foreground text-xs">{item.hint}</span>}
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
  const queryClient = useQueryClient();
  const query = useQuery<TOnboardingStatus>({ queryKey: ONBOARDING_QUERY_KEY, refetchOnMount: 'always' });
  const dismiss = useMutation({
    mutationFn: () => apiRequest<TOnboardingStatus>('POST', ADMIN_API_PATHS.adminOnboardingDismiss, {}),
    onSuccess: (status) => queryClient.setQueryData(ONBOARDING_QUERY_KEY, status),
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast({
          title: ONBOARDING_MESSAGES.dismissError,
          description: serverMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
    },
  });
  const status = query.data;
  if (!status?.isVisible) return null;
  const done = status.items.filter((item) => item.isDone).length;

  return (
    <Card className="gap-4" data-testid="onboarding-checklist" aria-labelledby="onboarding-title">
      <CardHeader>
        <CardTitle id="onboarding-title">{ONBOARDING_MESSAGES.title}</CardTitle>
        <CardDescription>Set up the desk before your team starts. {progressText(status)}.</CardDescription>
        <CardAction>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="sm" disabled={dismiss.isPending}>
                Dismiss
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Dismiss the checklist?</AlertDialogTitle>
                <AlertDialogDescription>{ONBOARDING_MESSAGES.dismissConfirm}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Keep it</AlertDialogCancel>
                <AlertDialogAction onClick={() => dismiss.mutate()}>Dismiss</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={progressText(status)}
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
