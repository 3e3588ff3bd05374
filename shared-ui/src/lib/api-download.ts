import { ApiRequestError } from './api-client.ts';

export type TApiDownload = {
  blob: Blob;
  /** From the answer's Content-Disposition, or null when it names no file. */
  fileName: string | null;
};

/**
 * Reads a file from the API (a CSV export, ...) with cookies. Rejects with ApiRequestError on any
 * non-2xx status, exactly like apiRequest, so failures show the server's message the same way.
 */
export async function apiDownload(url: string, init: { signal?: AbortSignal } = {}): Promise<TApiDownload> {
  const res = await fetch(url, { credentials: 'include', signal: init.signal });
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, await res.text());
  return {
    blob: await res.blob(),
    fileName: fileNameFromContentDisposition(res.headers.get('Content-Disposition')),
  };
}

// Path separators and control characters never reach the saved name, whatever the header said.
function safeFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeFileName(decodeURIComponent(extended[2].trim()));
    } catch {
      // A malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return safeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;]+)/i.exec(header);
  return bare?.[1] ? safeFileName(bare[1].trim()) : null;
}

/** Hands a downloaded blob to the browser as a file save. */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
