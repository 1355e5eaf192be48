import { FundDataError } from './errors';

/** What an openapi-fetch call resolves to: `data` on success, `error` (the parsed body) otherwise. */
interface ApiAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a call on `client.api`, typed as defined: the client's middleware throws FundDataError on any non-2xx
 * answer, and so does this for an answer that reached it anyway (a client made without that middleware).
 *
 *   const fund = await call(client.api.GET('/funds/{isin}', { params: { path: { isin } } }));
 */
export async function call<T>(request: Promise<ApiAnswer<T>>): Promise<T> {
  return (await callWithResponse(request)).data;
}

/** As call(), with the Response too, for its headers (X-RateLimit-Remaining, X-Stale, X-Request-Id...). */
export async function callWithResponse<T>(request: Promise<ApiAnswer<T>>): Promise<{ data: T; response: Response }> {
  const { data, error, response } = await request;
  if (!response.ok) throw FundDataError.fromBody(response, error);
  // A 204 (deleteWebhook) has no body: its data is undefined, which is what its type says.
  return { data: data as T, response };
}
