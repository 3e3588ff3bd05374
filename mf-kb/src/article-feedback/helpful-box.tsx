import { KB_FEEDBACK_LIMITS, type TKbFeedbackRequest } from '@helpdesk/contracts';
import {
  Button,
  Card,
  CardContent,
  handleSessionEnded,
  Label,
  limitMessage,
  Textarea,
  toast,
} from '@helpdesk/shared-ui';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useFeedbackT } from './messages.ts';
import { useAnswerFeedback, useOwnFeedback } from './use-article-feedback.ts';

/**
 * "Was this helpful?" under an article: Yes or No, one answer per person that they may change.
 * "No" is saved at once and then offers an optional comment on what was missing.
 */
export function HelpfulBox({ articleId }: { articleId: string }) {
  const t = useFeedbackT();
  const own = useOwnFeedback(articleId);
  const answer = useAnswerFeedback(articleId);
  const [draft, setDraft] = useState<string | null>(null);
  const commentId = useId();
  const feedback = own.data?.feedback ?? null;
  const comment = draft ?? feedback?.comment ?? '';

  function send(body: TKbFeedbackRequest, thanks: boolean) {
    answer.mutate(body, {
      onSuccess: () => {
        setDraft(null);
        if (thanks) toast({ title: t('feedback.thanks') });
      },
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        toast({
          title: limitMessage(error) ?? t('feedback.saveError'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card data-testid="helpful-box">
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="font-medium text-sm" id={`${commentId}-title`}>
            {t('feedback.question')}
          </h3>
          <fieldset className="flex gap-2" aria-labelledby={`${commentId}-title`}>
            <Button
              type="button"
              size="sm"
              variant={feedback?.helpful === true ? 'default' : 'outline'}
              aria-pressed={feedback?.helpful === true}
              disabled={answer.isPending || own.isPending}
              onClick={() => send({ helpful: true }, true)}
              data-testid="helpful-yes"
            >
              <ThumbsUp className="size-4" aria-hidden />
              {t('feedback.yes')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant={feedback?.helpful === false ? 'default' : 'outline'}
              aria-pressed={feedback?.helpful === false}
              disabled={answer.isPending || own.isPending}
              onClick={() => send({ helpful: false, comment: feedback?.comment ?? null }, false)}
              data-testid="helpful-no"
            >
              <ThumbsDown className="size-4" aria-hidden />
              {t('feedback.no')}
            </Button>
          </fieldset>
          {feedback && (
            <span className="text-muted-foreground text-xs" data-testid="helpful-answered" aria-live="polite">
              {t('feedback.answered', { answer: feedback.helpful ? 'yes' : 'no' })}
            </span>
          )}
        </div>
        {feedback?.helpful === false && (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              send({ helpful: false, comment: comment.trim() === '' ? null : comment }, true);
            }}
          >
            <Label htmlFor={commentId}>{t('feedback.commentLabel')}</Label>
            <Textarea
              id={commentId}
              value={comment}
              maxLength={KB_FEEDBACK_LIMITS.commentMax}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('feedback.commentPlaceholder')}
              data-testid="helpful-comment"
            />
            <div className="flex items-center justify-between gap-2">
              <span className="text-muted-foreground text-xs">
                {comment.length} / {KB_FEEDBACK_LIMITS.commentMax}
              </span>
              <Button type="submit" size="sm" disabled={answer.isPending} data-testid="helpful-comment-send">
                {t('feedback.send')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
