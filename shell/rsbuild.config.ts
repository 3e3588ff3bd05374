import { resolve } from 'node:path';
import { devApiProxy } from '@helpdesk/tooling/dev-api-proxy';
import { pluginMessageCatalogs } from '@helpdesk/tooling/message-catalogs-plugin';
import {
  federationRuntimeAliases,
  HOST_FEDERATION_DEFINES,
  hostSharedDeclaration,
} from '@helpdesk/tooling/mf-shared';
import { devRemoteEntries, PORTS } from '@helpdesk/tooling/ports';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/rspack';

const RUNTIME_CONFIG_PATH = '/runtime-config.js';

export default defineConfig({
  // No Module Federation build plugin: the shell is a host through the runtime API alone
  // (src/remote/federation-runtime.ts), started by the first remote page, so the dashboard's start-up
  // carries no federation runtime. Remote URLs come from /runtime-config.js, so one build runs in every
  // environment and a remote can move without rebuilding the shell.
  plugins: [pluginReact(), pluginMessageCatalogs()],
  resolve: { alias: federationRuntimeAliases(import.meta.dirname) },
  source: {
    define: {
      ...HOST_FEDERATION_DEFINES,
      __SHELL_SHARED__: JSON.stringify(hostSharedDeclaration(import.meta.dirname)),
    },
  },
  tools: {
    rspack: {
      plugins: [
        tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          routesDirectory: resolve(import.meta.dirname, 'src/routes'),
          generatedRouteTree: resolve(import.meta.dirname, 'src/routeTree.gen.ts'),
          quoteStyle: 'single',
          semicolons: true,
        }),
      ],
    },
  },
  server: {
    port: PORTS.shell,
    // Moving silently to another port would leave `bun dev` and the docs pointing at nothing.
    strictPort: true,
    proxy: devApiProxy(),
    // Production servers generate this file from their own settings; keeping it out of public/
    // means a build never ships development URLs.
    setup: ({ server }) => {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== RUNTIME_CONFIG_PATH) return next();
        const body = `window.__HELPDESK_CONFIG__ = ${JSON.stringify({ remotes: devRemoteEntries() })};\n`;
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
  },
  performance: {
    chunkSplit: {
      strategy: 'split-by-experience',
      // The i18n runtime and the shell's catalogue in one chunk of their own, which the translated
      // screens and the remotes (shared-ui's i18n entry) all load: without it the bundler spreads them
      // over several new chunks, each an entry in the start-up runtime's chunk table.
      forceSplitting: {
        // The reverse lookup of English (text-translator, known-texts, shared-ui's catalogue) stays out:
        // it loads only with a language other than English.
        'lib-i18n':
          /[\\/](?:shared-ui[\\/]src[\\/]i18n[\\/](?!text-translator|known-texts)|@lingui[\\/]|shell[\\/]src[\\/]locales[\\/])/,
      },
    },
  },
  html: {
    // The built-in template's <html> names no language; screen readers need it to pick a voice.
    template: './index.html',
    title: 'Help Desk',
    tags: [
      // Must run before the deferred bundle: bootstrap reads window.__HELPDESK_CONFIG__ synchronously.
      { tag: 'script', attrs: { src: RUNTIME_CONFIG_PATH }, head: true, append: false },
      { tag: 'link', attrs: { rel: 'icon', href: 'data:,' }, head: true },
    ],
  },
});
