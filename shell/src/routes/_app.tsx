import { createFileRoute } from '@tanstack/react-router';
import { GuardedLayout } from '../session/guarded-layout.tsx';

export const Route = createFileRoute('/_app')({ component: GuardedLayout });
