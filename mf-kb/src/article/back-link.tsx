import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

/** The 'Back to Knowledge Base' link of the article page. */
export function BackToKnowledgeBase() {
  return (
    <Link
      to="/kb"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      data-testid="back-to-kb"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to Knowledge Base
    </Link>
  );
}
