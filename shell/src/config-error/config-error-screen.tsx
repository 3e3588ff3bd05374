import { TriangleAlert } from 'lucide-react';
import { aroundPart, PART_MARK } from '../locales/shell-catalog.ts';
import { useConfigErrorT } from './messages.ts';

const RUNTIME_CONFIG_PATH = '/runtime-config.js';

/** What the shell shows instead of a blank page when its runtime configuration is unusable. */
export function ConfigErrorScreen({ problem }: { problem: string }) {
  const t = useConfigErrorT();
  const [before, after] = aroundPart(t('configError.hint', { path: PART_MARK }));
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <div
        role="alert"
        className="w-full max-w-lg rounded-xl border border-destructive/40 bg-card p-6 shadow-sm"
      >
        <div className="mb-3 flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden />
          <h1 className="font-semibold text-lg">{t('configError.title')}</h1>
        </div>
        <p className="text-sm">{t('configError.problem')}</p>
        <p className="mt-2 rounded-md bg-muted px-3 py-2 font-mono text-xs">{problem}</p>
        <p className="mt-4 text-muted-foreground text-sm">
          {before}
          <code>{RUNTIME_CONFIG_PATH}</code>
          {after}
        </p>
      </div>
    </div>
  );
}
