import { TriangleAlert } from 'lucide-react';

/** What the shell shows instead of a blank page when its runtime configuration is unusable. */
export function ConfigErrorScreen({ problem }: { problem: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <div
        role="alert"
        className="w-full max-w-lg rounded-xl border border-destructive/40 bg-card p-6 shadow-sm"
      >
        <div className="mb-3 flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden />
          <h1 className="font-semibold text-lg">The help desk could not start</h1>
        </div>
        <p className="text-sm">Its runtime configuration is missing or invalid:</p>
        <p className="mt-2 rounded-md bg-muted px-3 py-2 font-mono text-xs">{problem}</p>
        <p className="mt-4 text-muted-foreground text-sm">
          The server that hosts the help desk must serve <code>/runtime-config.js</code> with the address of
          each part of the application. Please contact your system administrator.
        </p>
      </div>
    </div>
  );
}
