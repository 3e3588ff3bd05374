import { z } from 'zod';

// Zod compiles object parsers with `new Function` and first probes whether it may; our CSP (no
// 'unsafe-eval') blocks and reports that probe. Jitless parsing is fast enough for forms and API
// answers. Zod is a shared singleton, so this one call covers the shell and every remote; it must run
// before any schema is built (the first import of bootstrap.tsx).
z.config({ jitless: true });
