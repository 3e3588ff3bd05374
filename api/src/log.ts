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

/**
 * Info lines wait for the end of the event loop's turn and leave in one write: one line per
 * request written on its own was a write call per request (about 5% of the CPU of a cheap
 * request). An error line first sends what is waiting, so lines keep their order, and so does
 * the process on its way out.
 */
let waiting: string[] = [];
function writeWaiting(): void {
  if (waiting.length === 0) return;
  const text = `${waiting.join('\n')}\n`;
  waiting = [];
  process.stdout.write(text);
}
process.on('exit', writeWaiting);

export const consoleLogger: Logger = {
  info: (line, fields) => {
    if (waiting.push(formatLogLine('info', line, fields)) === 1) setImmediate(writeWaiting);
  },
  error: (line, error) => {
    writeWaiting();
    console.error(formatLogLine('error', line, error === undefined ? {} : describeError(error)));
  },
};
