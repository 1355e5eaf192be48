import type { PlanId } from '../../domain/plans';
import type { ChangeEvent } from '../../schema/changes';

/**
 * What each page of the site (the sign-up, log-in and dashboard pages) is rendered from: plain data,
 * every string as the account or the store gave it (the pages escape everything they print).
 */

/** A message shown at the top of a page: what just happened, or what went wrong. */
export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/** Who is looking, and the CSRF token every form of the page carries. */
export interface PageFrame {
  /** The logged-in account; null on the public pages for a visitor. */
  user: { email: string; plan: PlanId; verified: boolean } | null;
  /** The value of the hidden `_csrf` field of every form on the page. */
  csrf: string;
  notice?: Notice;
}

/** The dashboard's sections, for the navigation (the current one is marked with aria-current). */
export type DashboardSection = 'overview' | 'keys' | 'webhooks' | 'factsheets' | 'changes' | 'account';

export interface CredentialsForm {
  /** The e-mail address as typed, to fill the field again after a refusal. */
  email: string;
  /** Log-in: the dashboard page to go on to (a path of ours, already checked), carried in a hidden field. */
  next?: string;
}

export interface ResetPasswordForm {
  /** The reset token from the mailed link, carried in a hidden field (never in the form's action URL). */
  token: string;
}

/** Calls and credits of one operation on one day (UTC), e.g. operation "GET /funds/:isin". */
export interface UsageDay {
  /** YYYY-MM-DD */
  day: string;
  operation: string;
  calls: number;
  credits: number;
}

export interface Overview {
  plan: {
    id: PlanId;
    name: string;
    /** null: no monthly ceiling (enterprise). */
    credits: number | null;
    overageCap: number;
    overageUsd: number;
    burstPerMinute: number;
    batchMax: number;
  };
  /** Credits this month. */
  used: number;
  /** null when the plan has no ceiling. */
  remaining: number | null;
  overageUsed: number;
  /** ISO instant of the next reset (00:00 UTC on the 1st). */
  resetAt: string;
  /** ISO instant of this month's start. */
  monthStart: string;
  /** Credits an account may spend before its e-mail address is verified (shown while unverified). */
  unverifiedAllowance: number;
  /** Every day of the month so far with calls, per operation; days without calls are absent. */
  days: UsageDay[];
}

export interface KeyRow {
  id: string;
  label: string | null;
  /** ISO instants. */
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface KeysView {
  keys: KeyRow[];
  /** A key just created: the whole key, shown this once. */
  created?: { key: string; label: string | null };
}

export interface DeliveryRow {
  eventId: string;
  /** The last HTTP status the endpoint answered; null when no answer came. */
  status: number | null;
  attempts: number;
  delivered: boolean;
  lastError: string | null;
  /** ISO instant the delivery was created. */
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookRow {
  id: string;
  url: string;
  events: ChangeEvent[];
  isins: string[] | null;
  active: boolean;
  createdAt: string;
  /** The newest deliveries first, a few. */
  deliveries: DeliveryRow[];
}

/** A feature the account's plan does not include: the page says which plan it needs instead of a form. */
export interface PlanGate {
  /** The lowest plan that has the feature. */
  requiredPlan: PlanId;
}

export interface WebhooksView {
  /** Null when the plan has webhooks. */
  gate: PlanGate | null;
  endpoints: WebhookRow[];
  /** An endpoint just created: its signing secret, shown this once. */
  created?: { id: string; secret: string };
  /** The outcome of a test delivery just sent. */
  tested?: { id: string; delivered: boolean; status: number | null };
  /** The events an endpoint may subscribe to (checkboxes). */
  events: readonly ChangeEvent[];
}

export interface FactsheetRow {
  id: string;
  isin: string;
  name: string | null;
  language: string;
  format: 'html' | 'pdf';
  favorite: boolean;
  createdAt: string;
  dataAsOf: string | null;
  /** The keyless share links. */
  links: { html: string; pdf: string; embed: string };
}

export interface FactsheetsView {
  sheets: FactsheetRow[];
  favoritesOnly: boolean;
}

export interface ChangeRow {
  id: number;
  isin: string;
  name: string | null;
  event: ChangeEvent;
  field: string;
  old: string;
  new: string;
  dataAsOf: string;
  changedAt: string;
}

export interface ChangesView {
  gate: PlanGate | null;
  /** The filter as given (empty strings: none). */
  filter: { isin: string; event: string };
  events: readonly ChangeEvent[];
  changes: ChangeRow[];
  /** ISO instant the page starts after. */
  since: string;
  /** The `since` of the next page, when there is one. */
  nextSince: string | null;
}

export interface AccountView {
  email: string;
  verified: boolean;
  createdAt: string;
  /** What account deletion keeps, in a sentence (for billing). */
  keptOnDeletion: string;
}

/** An error page (404, 403...) for a browser. */
export interface ErrorView {
  status: number;
  title: string;
  message: string;
}
