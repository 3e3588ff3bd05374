/// <reference types="@rsbuild/core/types" />

/** Every package the shell offers the remotes, with its installed version (tooling/src/mf-shared.ts). */
declare const __SHELL_SHARED__: Record<string, { version: string; requiredVersion: string }>;
