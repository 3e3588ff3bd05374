import { createFileRoute } from '@tanstack/react-router';
import { GuardedLayout } from '../session/guarded-layout.tsx';

export const Route = createFileRoute('/_app')({
  component: GuardedLayout,
  // Not split: every signed-in page renders this layout first; a chunk of its own was fetched only after
  // React's first render, a waterfall on the dashboard's first paint (docs/performance.md).
  codeSplitGroupings: [],
});
