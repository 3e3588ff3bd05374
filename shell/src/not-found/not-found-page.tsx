import { Button, Card, CardContent } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';

/** The screen for every URL the router does not know. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert className="size-8 text-destructive" aria-hidden />
            <h1 className="font-bold text-2xl text-foreground">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground text-sm">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" size="sm" className="mt-6">
            <Link to="/">Go to the dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
