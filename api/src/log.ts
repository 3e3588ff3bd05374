/** Where the API writes its log lines. Tests pass a collecting logger; the process logs to stdout/stderr. */
export type Logger = {
  info: (line: string) => void;
  error: (line: string, error?: unknown) => void;
};

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, error) => {
    if (error === undefined) console.error(line);
    else console.error(line, error);
  },
};
