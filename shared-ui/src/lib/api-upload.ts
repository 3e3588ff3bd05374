import { ApiRequestError } from './api-client.ts';

export type TApiUploadInit = {
  /** The multipart field the server reads the file from. */
  fieldName?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * Uploads one file as multipart/form-data (the one non-JSON body the API takes), with cookies.
 * Resolves to the parsed JSON answer (null for an empty body); rejects with ApiRequestError on any
 * non-2xx status, exactly like apiRequest, so callers show the server's message the same way.
 */
export async function apiUpload<T = unknown>(url: string, file: File, init: TApiUploadInit = {}): Promise<T> {
  const form = new FormData();
  form.append(init.fieldName ?? 'file', file, file.name);
  // No Content-Type of our own: fetch writes the multipart boundary into it.
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    headers: init.headers ?? {},
    credentials: 'include',
    signal: init.signal,
  });
  const text = res.status === 204 ? '' : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, text);
  return JSON.parse(text || 'null');
}
