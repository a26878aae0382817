/** Calls to the booking API. Protected calls carry the signed-in user's ID token. */
import { PUBLIC_API_URL } from 'astro:env/client';
import { ApiError, NO_USER_MESSAGE } from './api-error.ts';

export { ApiError, NO_USER_MESSAGE };

/** The address of a customer's database user. */
export const userPath = (uid: string) => `/users/user/${encodeURIComponent(uid)}`;

/** The readable text of an error answer: its `error`, else its `message`, else the body as text. */
export function errorText(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return typeof body === 'string' && body ? body : fallback;
}

export async function apiFetch<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    token?: string | null;
    signal?: AbortSignal;
    cache?: RequestCache;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  const response = await fetch(new URL(path.replace(/^\//, ''), `${PUBLIC_API_URL.replace(/\/$/, '')}/`), {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  if (!response.ok) throw new ApiError(response.status, errorText(body, `Request failed with status ${response.status}`), body);
  return body as T;
}
