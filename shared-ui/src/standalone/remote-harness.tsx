import type { TUser, TUserRole } from '@helpdesk/contracts';
// The package's own entry, not relative paths: in a remote it resolves to the shared singleton, so
// the pages' toasts reach this Toaster.
import { createQueryClient } from '@helpdesk/shared-ui';
import { Toaster } from '@helpdesk/shared-ui/toaster';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CurrentUserGate, type TDevServerOrigins } from './current-user-gate.tsx';

export type THarnessPage = {
  /** A TanStack path; `$name` segments reach `render` as params. */
  path: string;
  label: string;
  /** Where the harness menu links to, e.g. a sample id for a `$name` path; omit to leave it out. */
  href?: string;
  render: (user: TUser, params: Record<string, string>) => ReactNode;
};

export type THarnessOptions = TDevServerOrigins & {
  title: string;
  roles: readonly TUserRole[];
  pages: readonly THarnessPage[];
};

/**
 * Mounts a remote's pages as a page of their own, for working on the remote without the shell.
 * The shell owns the real router and QueryClient; these stand in for them so exposed components
 * can use Link, useNavigate and queries exactly as they will inside the shell.
 */
export function mountHarness({ title, roles, pages, ...origins }: THarnessOptions) {
  const rootRoute = createRootRoute({
    component: () => (
      <div className="min-h-screen bg-background text-foreground">
        <header className="flex flex-wrap items-center gap-4 border-b bg-card px-6 py-3">
          <strong>{title}</strong>
          <nav className="flex gap-4">
            {pages.map((page) =>
              page.href === undefined ? null : (
                // Plain links: the shell's route types (registered globally) do not know these paths.
                <a
                  key={page.path}
                  href={page.href}
                  className="text-sm text-muted-foreground hover:text-foreground"
                >
                  {page.label}
                </a>
              ),
            )}
          </nav>
        </header>
        <main className="mx-auto max-w-6xl p-6">
          <Outlet />
        </main>
        <Toaster />
      </div>
    ),
  });
  const routeTree = rootRoute.addChildren(
    pages.map((page) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: page.path,
        component: () => <HarnessPage roles={roles} origins={origins} render={page.render} />,
      }),
    ),
  );
  const router = createRouter({ routeTree });
  const queryClient = createQueryClient();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

type THarnessPageProps = {
  roles: readonly TUserRole[];
  origins: TDevServerOrigins;
  render: THarnessPage['render'];
};

function HarnessPage({ roles, origins, render }: THarnessPageProps) {
  const params: Record<string, string> = useParams({ strict: false });
  return (
    <CurrentUserGate roles={roles} {...origins}>
      {(user) => render(user, params)}
    </CurrentUserGate>
  );
}
