// Workflow entry points registered by the worker (deterministic code only: no I/O, no Node built-ins).
export { deliverWebhook } from './deliverWebhook';
export { extractDocument } from './extractDocument';
export { ingestDocument, reloadFiled, removeDocument } from './ingestDocument';
export { loadFund } from './loadFund';
export { loadScpi } from './loadScpi';
export { refreshUniverse } from './refreshUniverse';
export { renderFactsheet } from './renderFactsheet';
export { warmFunds } from './warmFunds';
