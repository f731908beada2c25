import type { BeforeRequestMiddleware } from 'zapier-platform-core';
import { USER_AGENT } from './user-agent';

function hasHeader(headers: Record<string, string>, name: string): boolean {
  const wanted = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === wanted);
}

function originOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/** A descriptive User-Agent on every request (API calls, file downloads, upload PUTs). */
export const addUserAgent: BeforeRequestMiddleware = (request) => {
  const headers = { ...request.headers };
  if (!hasHeader(headers, 'User-Agent')) headers['User-Agent'] = USER_AGENT;
  request.headers = headers;
  return request;
};

/**
 * The bearer key goes only to the API's own origin: never to the upload address (another origin),
 * nor to the address of a file the Zap downloads.
 */
export const addApiKeyForApiOrigin: BeforeRequestMiddleware = (request, _z, bundle) => {
  const { apiKey, baseUrl } = bundle.authData ?? {};
  const apiOrigin = originOf(baseUrl);
  if (!apiKey || !apiOrigin || originOf(request.url) !== apiOrigin) return request;
  request.headers = { ...request.headers, Authorization: `Bearer ${apiKey}` };
  return request;
};
