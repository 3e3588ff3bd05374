import { type TCannedReply, TICKET_STATUS_LABELS } from '@helpdesk/contracts';
import { Badge, useLocalizeText } from '@helpdesk/shared-ui';
import { useCannedRepliesT } from './messages.ts';

/** A reply's title with what kind it is (personal or shared) and the status it sets, if any. */
export function ReplyHeading({ reply }: { reply: Pick<TCannedReply, 'title' | 'isShared' | 'setStatus'> }) {
  const t = useCannedRepliesT();
  const localize = useLocalizeText();
  return (
    <>
      <span className="min-w-0 font-medium break-words">{reply.title}</span>
      <Badge variant="outline">
        {reply.isShared ? t('cannedReplies.shared') : t('cannedReplies.personal')}
      </Badge>
      {reply.setStatus && (
        <Badge variant="secondary">
          {t('cannedReplies.setsStatus', { status: localize(TICKET_STATUS_LABELS[reply.setStatus]) })}
        </Badge>
      )}
    </>
  );
}
