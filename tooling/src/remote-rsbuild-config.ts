import { basename } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { devApiProxy } from './dev-api-proxy.ts';
import { pluginMessageCatalogs } from './message-catalogs-plugin.ts';
import {
  DEV_CORS,
  federationRuntimeAliases,
  MF_REMOTE_EXPERIMENTS,
  MF_SHARE_STRATEGY,
  MF_SHARED,
  REMOTE_BUNDLING,
} from './mf-shared.ts';
import { PORTS } from './ports.ts';

export type TRemoteOptions = {
  /** The federation name the shell loads the remote by (`mf_tickets`). */
  name: string;
  /** The remote's folder (its config's `import.meta.dirname`): dependencies resolve from there. */
  appDir: string;
  /** Its development server's port, from PORTS. */
  port: number;
  /** What the shell may load: `'./TicketListPage': './src/exposes/ticket-list-page.tsx'`, ... */
  exposes: Record<string, string>;
};

/**
 * The rsbuild config of one remote. Every remote is built the same way (the shared singletons, the
 * shell's federation runtime in production, one chunk per exposed page), so only its name, port and
 * exposed pages differ.
 */
export function remoteRsbuildConfig(options: TRemoteOptions): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginMessageCatalogs(),
      pluginModuleFederation({
        name: options.name,
        // A stable name: the manifest points at it and a runtime config may name it directly.
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: MF_SHARED,
        shareStrategy: MF_SHARE_STRATEGY,
        experiments: MF_REMOTE_EXPERIMENTS,
        dts: false,
      }),
    ],
    server: {
      port: options.port,
      // Moving silently to another port would leave the shell's runtime config pointing at nothing.
      strictPort: true,
      cors: DEV_CORS,
      // The standalone harness reads the signed-in user through the same origin, like the shell does.
      proxy: devApiProxy(),
    },
    resolve: { alias: federationRuntimeAliases(options.appDir) },
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
      title: `${basename(options.appDir)} (standalone)`,
      tags: [{ tag: 'link', attrs: { rel: 'icon', href: 'data:,' }, head: true }],
    },
  });
}
