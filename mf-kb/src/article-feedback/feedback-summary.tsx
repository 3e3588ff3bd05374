import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatDetailDate,
  fullName,
} from '@helpdesk/shared-ui';
import { formatNumber, useLocale } from '@helpdesk/shared-ui/i18n';
import { MessageSquareWarning } from 'lucide-react';
import { useFeedbackT } from './messages.ts';
import { useFeedbackSummary } from './use-article-feedback.ts';

/** Staff: how helpful readers found the article (yes/no, the rate) and their "No" comments, newest first. */
export function FeedbackSummary({ articleId }: { articleId: string }) {
  const t = useFeedbackT();
  const locale = useLocale();
  const summary = useFeedbackSummary(articleId);
  const rateText = (rate: number | null) =>
    rate === null
      ? t('feedback.noAnswers')
      : t('feedback.rate', {
          rate: formatNumber(rate, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        });
  const first = summary.data?.pages[0];
  const comments = summary.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <Card data-testid="feedback-summary">
      <CardHeader>
        <CardTitle className="text-base">{t('feedback.summaryTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {summary.isError ? (
          <p className="text-muted-foreground text-sm">{t('feedback.summaryFailed')}</p>
        ) : (
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div className="rounded-md border p-3">
              <dt className="text-muted-foreground text-xs">{t('feedback.yes')}</dt>
              <dd className="font-semibold text-xl tabular-nums" data-testid="feedback-yes">
                {first?.yes ?? '–'}
              </dd>
            </div>
            <div className="rounded-md border p-3">
              <dt className="text-muted-foreground text-xs">{t('feedback.no')}</dt>
              <dd className="font-semibold text-xl tabular-nums" data-testid="feedback-no">
                {first?.no ?? '–'}
              </dd>
            </div>
            <div className="rounded-md border p-3">
              <dt className="text-muted-foreground text-xs">{t('feedback.helpfulRate')}</dt>
              <dd className="font-semibold text-sm" data-testid="feedback-rate">
                {first ? rateText(first.helpfulRate) : '–'}
              </dd>
            </div>
          </dl>
        )}
        {comments.length > 0 && (
          <section aria-label={t('feedback.commentsLabel')} className="flex flex-col gap-2">
            <h4 className="flex items-center gap-1.5 font-medium text-sm">
              <MessageSquareWarning className="size-4 text-muted-foreground" aria-hidden />
              {t('feedback.commentsHeading')}
            </h4>
            <ul className="flex flex-col gap-2">
              {comments.map((item) => (
                <li
                  key={`${item.user.id}-${item.at}`}
                  className="rounded-md border p-3 text-sm"
                  data-testid="feedback-comment"
                >
                  <p className="whitespace-pre-wrap break-words">{item.comment}</p>
                  <p className="mt-1 text-muted-foreground text-xs">
                    {fullName(item.user)} · {formatDetailDate(item.at)}
                  </p>
                </li>
              ))}
            </ul>
            {summary.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                disabled={summary.isFetchingNextPage}
                onClick={() => void summary.fetchNextPage()}
              >
                {t('feedback.showMore')}
              </Button>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
