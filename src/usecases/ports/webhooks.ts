import type { ChangeEvent } from '../../schema/changes';

/** The ports of the webhook stories: endpoints and the signed sender. */

/** A webhook endpoint as its owner sees it (never with its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: ChangeEvent[];
  /** null: every fund. */
  isins: string[] | null;
  active: boolean;
  createdAt: Date;
}

export interface WebhookSpec {
  url: string;
  events: ChangeEvent[];
  isins: string[] | null;
}

export interface WebhookStore {
  /** Creates the endpoint with a new signing secret; the secret is returned this once. */
  create(accountId: number, spec: WebhookSpec): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  count(accountId: number): Promise<number>;
  list(accountId: number): Promise<WebhookEndpoint[]>;
  /** The account's endpoint with its secret (for signing), or null when the account has no such endpoint. */
  withSecret(accountId: number, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string } | null>;
  setActive(accountId: number, id: string, active: boolean): Promise<WebhookEndpoint | null>;
  remove(accountId: number, id: string): Promise<boolean>;
  /** A test delivery, recorded with the others (one attempt) so the dashboard lists it. */
  recordTest(endpointId: string, eventId: string, body: string, result: DeliveryResult): Promise<void>;
  /** The newest `perEndpoint` deliveries of each of the account's endpoints, by endpoint id. */
  deliveries(accountId: number, perEndpoint: number): Promise<Map<string, DeliveryRecord[]>>;
}

/** One delivery of one event to one endpoint, as its owner sees it. */
export interface DeliveryRecord {
  eventId: string;
  attempts: number;
  /** The last HTTP status answered; null when no answer came (or no attempt yet). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** How one delivery attempt ended: 2xx in time, or the status (null when no answer came). */
export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

export interface WebhookSender {
  /**
   * Why the URL may not be called (an address that is private, loopback outside development, link-local...), or null.
   */
  addressProblem(url: string): Promise<string | null>;
  /** POSTs the body signed with the secret, within the receiver's 10 s; the address rules are checked again first. */
  send(url: string, eventId: string, rawBody: string, secret: string): Promise<DeliveryResult>;
}
