import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { TriangleAlert } from 'lucide-react';
import { useKnowledgeBaseT } from './messages.ts';

type TProps = {
  title: string;
  text: string;
  isRetrying: boolean;
  onRetry: () => void;
  testId?: string;
};

/** An inline load failure with a Retry, so the rest of the page keeps working. */
export function LoadError({ title, text, isRetrying, onRetry, testId }: TProps) {
  const t = useKnowledgeBaseT();
  return (
    <Alert variant="destructive" data-testid={testId}>
      <TriangleAlert className="size-4" aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{text}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2 text-foreground"
          disabled={isRetrying}
          onClick={onRetry}
        >
          {isRetrying ? t('knowledgeBase.retrying') : t('knowledgeBase.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
