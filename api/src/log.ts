/** Extra fields of a structured log line: plain values only, so nothing can smuggle a whole request in. */
export type LogFields = Record<string, string | number | boolean | null>;

/** Where the API writes its log lines. Tests pass a collecting logger; the process logs JSON to stdout/stderr. */
export type Logger = {
  info: (line: string, fields?: LogFields) => void;
  error: (line: string, error?: unknown) => void;
};

function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    return { errorName: error.name, errorMessage: error.message, stack: error.stack ?? null };
  }
  return { errorMessage: String(error) };
}

/** One JSON object per line: time, level, msg, then the fields (which never override those three). */
export function formatLogLine(level: 'info' | 'error', msg: string, fields: LogFields = {}): string {
  return JSON.stringify({ ...fields, time: new Date().toISOString(), level, msg });
}

export const consoleLogger: Logger = {
  info: (line, fields) => console.log(formatLogLine('info', line, fields)),
  error: (line, error) =>
    console.error(formatLogLine('error', line, error === undefined ? {} : describeError(error))),
};
