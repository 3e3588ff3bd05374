/// <reference types="@rsbuild/core/types" />

/** Set by rsbuild's `source.define` so the standalone harness can name the servers it needs. */
declare const __API_ORIGIN__: string;
declare const __SHELL_ORIGIN__: string;
