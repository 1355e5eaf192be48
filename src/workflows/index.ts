// Workflow entry points registered by the worker (deterministic code only: no I/O, no Node built-ins).
export { loadFund } from './loadFund';
export { loadScpi } from './loadScpi';
export { extractDocument } from './extractDocument';
export { warmFunds } from './warmFunds';
export { refreshUniverse } from './refreshUniverse';
export { deliverWebhook } from './deliverWebhook';
export { renderFactsheet } from './renderFactsheet';
