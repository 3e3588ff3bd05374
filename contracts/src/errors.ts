import { z } from 'zod';

/** The one error shape every non-2xx API response carries. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Data a few errors carry for the client to act on (a knowledge base edit conflict's current revision). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export { ERROR_CODES, SERVER_MESSAGES, type TErrorCode } from './constants/errors.ts';
