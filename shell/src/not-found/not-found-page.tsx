import { Button, Card, CardContent } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { useNotFoundT } from './messages.ts';

/** The screen for every URL the router does not know. */
export function NotFoundPage() {
  const t = useNotFoundT();
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert className="size-8 text-destructive" aria-hidden />
            <h1 className="font-bold text-2xl text-foreground">{t('notFound.title')}</h1>
          </div>
          <p className="text-muted-foreground text-sm">{t('notFound.text')}</p>
          <Button asChild variant="outline" size="sm" className="mt-6">
            <Link to="/">{t('notFound.home')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
