'use strict';
/**
 * Parse-pool task for tests: a document whose origin is "spin-forever" never finishes (a synchronous
 * endless loop, which only terminating the thread can stop); any other document is parsed as usual.
 */
require('tsx/cjs/api').register();
const { default: parseTask } = require('../task.ts');

module.exports = async function spinningTask(request) {
  if (request.ref.origin === 'spin-forever') for (;;);
  return parseTask(request);
};
