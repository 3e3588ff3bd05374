import { OPEN_TICKET_STATUSES, type TTicketDetail, type TTicketSlaStatus } from '@helpdesk/contracts';
import { Badge, Button, cn, getDisplayTimeZone, Input, Label, Spinner } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { Popover, PopoverContent, PopoverTrigger } from '@helpdesk/shared-ui/popover';
import { Hourglass } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSlaT } from '../sla/messages.ts';
import { slaCardView, type TSlaTargetView } from '../sla/sla-explanation.ts';
import { resolveByText } from '../sla/sla-text.ts';
import { wallTimeInZone, wallTimeToIso, zoneCity } from '../sla/sla-time.ts';
import { SLA_TONE_CLASSES } from '../sla/sla-tones.ts';
import { useTicketDetailT } from './messages.ts';
import { isStaleTicket, useWaiting, waitingFailureText } from './use-waiting.ts';

/** Dates on the card follow the desk's display zone, else the browser's own. */
function viewerZone(): string {
  return getDisplayTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function TargetItem({ line }: { line: TSlaTargetView }) {
  const t = useTicketDetailT();
  const target = line.target === 'Response' ? t('ticketDetail.slaResponse') : t('ticketDetail.slaResolution');
  return (
    <li data-sla-status={line.status} data-sla-paused={line.isPaused || undefined}>
      <span className="text-muted-foreground">{target}: </span>
      <span className={cn('font-medium', SLA_TONE_CLASSES[line.tone])}>{line.stateText}</span>
      {line.deadline && <span className="block text-muted-foreground text-xs">{line.deadline}</span>}
      {line.why && <span className="block text-muted-foreground text-xs">{line.why}</span>}
    </li>
  );
}

/** The "Wait on requester" button and its small form: an optional date, then Confirm. */
function WaitOnRequester({ ticketId }: { ticketId: string }) {
  const t = useTicketDetailT();
  const { start } = useWaiting(ticketId);
  const [isOpen, setIsOpen] = useState(false);
  const [until, setUntil] = useState('');
  const zone = viewerZone();
  const inputId = useId();
  const headingId = useId();
  const errorId = useId();
  const failure = start.isError && !isStaleTicket(start.error) ? waitingFailureText(start.error, t) : null;

  function onOpenChange(open: boolean) {
    setIsOpen(open);
    if (open) {
      setUntil('');
      start.reset();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    start.mutate(
      { until: until ? wallTimeToIso(until, zone) : null },
      {
        onSuccess: () => setIsOpen(false),
        // The ticket changed elsewhere: a toast says how, and the card is read again.
        onError: (error) => isStaleTicket(error) && setIsOpen(false),
      },
    );
  }

  return (
    <Popover open={isOpen} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="w-fit" data-testid="wait-on-requester">
          <Hourglass aria-hidden />
          {t('ticketDetail.waitOnRequester')}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        collisionPadding={16}
        aria-labelledby={headingId}
        className="w-80 max-w-[calc(100vw-2rem)]"
      >
        <form className="grid gap-3" onSubmit={onSubmit} data-testid="wait-on-requester-form">
          <h3 id={headingId} className="font-medium text-sm">
            {t('ticketDetail.waitOnRequester')}
          </h3>
          <p className="text-muted-foreground text-xs">{t('ticketDetail.waitExplain')}</p>
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>{t('ticketDetail.waitUntil', { city: zoneCity(zone) })}</Label>
            <Input
              id={inputId}
              type="datetime-local"
              value={until}
              min={wallTimeInZone(new Date(), zone)}
              onChange={(event) => setUntil(event.target.value)}
              aria-invalid={failure !== null || undefined}
              aria-describedby={failure !== null ? errorId : undefined}
            />
          </div>
          {failure !== null && (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {failure}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setIsOpen(false)}>
              {t('ticketDetail.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={start.isPending}>
              {start.isPending && <Spinner aria-hidden />}
              {t('ticketDetail.confirm')}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}

/** 'Waiting on requester', with Resume for agents and admins. */
function WaitingNotice({ ticketId, canResume }: { ticketId: string; canResume: boolean }) {
  const t = useTicketDetailT();
  const slaT = useSlaT();
  const { resume } = useWaiting(ticketId);
  return (
    <div className="grid gap-1.5" data-testid="sla-waiting">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">
          <Hourglass aria-hidden />
          {slaT('sla.waiting')}
        </Badge>
        {canResume && (
          <Button
            variant="outline"
            size="sm"
            disabled={resume.isPending}
            onClick={() => resume.mutate()}
            data-testid="resume-clock"
          >
            {resume.isPending && <Spinner aria-hidden />}
            {t('ticketDetail.resume')}
          </Button>
        )}
      </div>
      {resume.isError && !isStaleTicket(resume.error) && (
        <p role="alert" className="text-destructive text-sm">
          {waitingFailureText(resume.error, t)}
        </p>
      )}
    </div>
  );
}

type TProps = { ticket: TTicketDetail; sla: TTicketSlaStatus | undefined; canHold: boolean };

/**
 * The SLA section of the Details card (docs/product.md#sla): the policy and its calendar, each
 * target's state and why, holds; 'Resolve by {date}' before the status has loaded.
 */
export function SlaSection({ ticket, sla, canHold }: TProps) {
  const t = useTicketDetailT();
  const locale = useLocale();
  const slaT = useSlaT();
  if (!sla) {
    const resolveBy = resolveByText(ticket.slaResolveBy, slaT);
    return resolveBy ? (
      <span>{resolveBy}</span>
    ) : (
      <span className="text-muted-foreground">{t('ticketDetail.slaChecking')}</span>
    );
  }
  const clock = {
    viewerZone: viewerZone(),
    now: new Date(),
    locale,
    inZone: (time: string, city: string) => t('ticketDetail.slaInZone', { time, city }),
  };
  const view = slaCardView(sla, clock, t, slaT);
  const isOpen = (OPEN_TICKET_STATUSES as readonly string[]).includes(ticket.status);
  return (
    <div className="grid gap-2" data-testid="sla-card">
      {view.policy && <p className="text-muted-foreground">{view.policy}</p>}
      {view.isWaiting && <WaitingNotice ticketId={ticket.id} canResume={canHold} />}
      {view.targets.length === 0 ? (
        <span className="text-muted-foreground">{slaT('sla.noTargets')}</span>
      ) : (
        <ul className="grid gap-1.5" data-testid="sla-lines">
          {view.targets.map((line) => (
            <TargetItem key={line.target} line={line} />
          ))}
        </ul>
      )}
      {view.pausedText && <p className="text-muted-foreground text-xs">{view.pausedText}</p>}
      {canHold && isOpen && !view.isWaiting && <WaitOnRequester ticketId={ticket.id} />}
    </div>
  );
}
