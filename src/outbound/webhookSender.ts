import ipaddr from 'ipaddr.js';

import { signatureHeader, WEBHOOK_TIMEOUT_MS } from '../domain/webhooks';
import type { DeliveryResult, WebhookSender } from '../usecases/ports/webhooks';
import {
  type AddressPolicy,
  BlockedAddressError,
  checkHostAddresses,
  HttpStatusError,
  isPublicAddress,
  parseFetchableUrl,
  safeFetch,
  SafeFetchError,
} from './safeFetch';

const USER_AGENT = 'FundDataService-Webhooks/1.0';
/** Receivers' answers are not read beyond this. */
const MAX_ANSWER_BYTES = 64 * 1024;

function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

/**
 * Webhook deliveries over the same address rules as document fetching (public addresses only,
 * checked at every delivery; no redirects followed, as Stripe does not), plus loopback when the
 * development setting allows it.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly policy: AddressPolicy;

  constructor(
    allowLoopbackHttp: boolean,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.policy = allowLoopbackHttp ? (address) => isPublicAddress(address) || isLoopback(address) : isPublicAddress;
  }

  async addressProblem(url: string): Promise<string | null> {
    try {
      await checkHostAddresses(parseFetchableUrl(url), this.policy);
      return null;
    } catch (err) {
      if (err instanceof BlockedAddressError)
        return 'the URL resolves to a private, loopback, link-local or metadata address';
      if (err instanceof SafeFetchError) return `the URL's host cannot be resolved (${err.message})`;
      throw err;
    }
  }

  async send(url: string, eventId: string, rawBody: string, secret: string): Promise<DeliveryResult> {
    const signature = signatureHeader(secret, rawBody, this.now().getTime() / 1000);
    try {
      const answer = await safeFetch(url, {
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        userAgent: USER_AGENT,
        maxRedirects: 0,
        isAllowedAddress: this.policy,
        post: {
          body: rawBody,
          headers: {
            'content-type': 'application/json',
            'x-service-signature': signature,
            'x-service-event-id': eventId,
          },
        },
      });
      return { delivered: true, status: answer.status, error: null };
    } catch (err) {
      if (err instanceof HttpStatusError) return { delivered: false, status: err.status, error: err.message };
      if (err instanceof SafeFetchError) return { delivered: false, status: null, error: err.message };
      throw err;
    }
  }
}
