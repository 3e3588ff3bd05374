import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../not-found/not-found-page.tsx';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
