import { z } from 'zod';

// Zod compiles object parsers with `new Function` and first probes whether it may; the shell's CSP
// (no 'unsafe-eval') blocks and reports that probe. This remote bundles its own zod for its forms, so
// it sets jitless itself; every module that builds a schema imports this first.
z.config({ jitless: true });
