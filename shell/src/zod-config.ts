// Zod compiles object parsers with `new Function` and first probes whether it may; our CSP (no
// 'unsafe-eval') blocks and reports that probe. Jitless parsing is fast enough for forms and API
// answers. The shell's start-up loads no zod (the forms and pages that need it load it), so this sets
// the option without importing zod: zod keeps its configuration in one object on globalThis, shared
// by every copy in the tab (the shell's, the remotes'), adopts an existing one, and reads `jitless`
// when a schema is built. Imported first by bootstrap.tsx, so it runs before any schema exists;
// zod-config.test.ts checks that zod (pinned) still reads it.
type TZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const holder: TZodGlobal = globalThis;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
