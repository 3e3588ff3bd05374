import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFound } from '../not-found/not-found.tsx';
import { useDocumentLanguage } from '../preferences/use-active-locale.ts';

/** Every page: `<html lang>` follows the active language, on public and signed-in pages alike. */
function RootLayout() {
  useDocumentLanguage();
  return <Outlet />;
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});
