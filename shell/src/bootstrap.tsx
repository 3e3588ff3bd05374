// First: schemas built by the imports below must see the zod configuration.
import './zod-config.ts';
import { createQueryClient } from '@helpdesk/shared-ui';
import { getLocale, SOURCE_LOCALE } from '@helpdesk/shared-ui/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeferredToaster } from './layout/deferred-toaster.tsx';
import { loadShellLanguage } from './locales/shell-catalog.ts';
import { configureRemotes } from './remote/load-remote-component.ts';
import { parseRuntimeConfig } from './remote/runtime-config.ts';
import { router } from './router.tsx';
import { takeEarlySession } from './session/early-session.ts';
import { seedEarlySession } from './session/seed-early-session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

const config = parseRuntimeConfig(window.__HELPDESK_CONFIG__, window.location.href);
if (config.ok) {
  // Only where each remote lives: the federation runtime itself starts with the first remote page.
  configureRemotes(config.remotes);
  const queryClient = createQueryClient();
  seedEarlySession(queryClient, takeEarlySession());
  // The router resolves the first page before React's first render. Rendered at once, the router loads
  // it from an effect after a first pass that only suspends (nothing shows until the load ends either
  // way): that pass cost about 400 ms of a cold load with the CPU slowed 4x (docs/performance.md).
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <DeferredToaster />
        </QueryClientProvider>
      </StrictMode>,
    );
  // Another language: its file is fetched beside the page's code, and the first render also waits for
  // it (for the catalogues of the page router.load brought too), so the first paint the server wrote in
  // that language is replaced by the same words, never by English or a spinner (docs/architecture.md#first-paint).
  const locale = getLocale();
  const isTranslated = locale !== SOURCE_LOCALE;
  if (isTranslated) void loadShellLanguage(locale);
  const ready = router.load().then(() => (isTranslated ? loadShellLanguage(locale) : undefined));
  ready.then(render, (error: unknown) => {
    console.error(error);
    render();
  });
} else {
  console.error(config.problem);
  // Fetched only on this failure: the start-up of a working page does not carry it.
  void import('./config-error/config-error-screen.tsx').then(({ ConfigErrorScreen }) =>
    root.render(<ConfigErrorScreen problem={config.problem} />),
  );
}
