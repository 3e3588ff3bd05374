import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  DEV_CORS,
  federationRuntimeAliases,
  MF_REMOTE_EXPERIMENTS,
  MF_SHARE_STRATEGY,
  MF_SHARED,
  REMOTE_BUNDLING,
} from '../scripts/mf-shared.ts';
import { PORTS } from '../scripts/ports.ts';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'mf_admin',
      // A stable name: the manifest points at it and a runtime config may name it directly.
      filename: 'remoteEntry.js',
      exposes: {
        './UsersTeamsPage': './src/exposes/users-teams-page.tsx',
        './SettingsPage': './src/exposes/settings-page.tsx',
        './ReportsPage': './src/exposes/reports-page.tsx',
      },
      shared: MF_SHARED,
      shareStrategy: MF_SHARE_STRATEGY,
      experiments: MF_REMOTE_EXPERIMENTS,
      dts: false,
    }),
  ],
  server: {
    port: PORTS.mfAdmin,
    // Moving silently to another port would leave the shell's runtime config pointing at nothing.
    strictPort: true,
    cors: DEV_CORS,
    // The standalone harness reads the signed-in user through the same origin, like the shell does.
    proxy: { '/api': `http://localhost:${PORTS.api}` },
  },
  resolve: { alias: federationRuntimeAliases(import.meta.dirname) },
  source: {
    define: {
      __API_ORIGIN__: JSON.stringify(`http://localhost:${PORTS.api}`),
      __SHELL_ORIGIN__: JSON.stringify(`http://localhost:${PORTS.shell}`),
    },
  },
  // Chunks resolve against wherever remoteEntry.js was loaded from, so one build deploys anywhere.
  output: { assetPrefix: 'auto' },
  performance: { chunkSplit: REMOTE_BUNDLING.chunkSplit },
  html: {
    title: 'mf-admin (standalone)',
    tags: [{ tag: 'link', attrs: { rel: 'icon', href: 'data:,' }, head: true }],
  },
});
