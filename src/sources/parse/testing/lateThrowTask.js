'use strict';
/** Parse-pool task for tests: answers, then throws outside any task (as a stray async error in a thread would). */
module.exports = async function lateThrowTask() {
  setTimeout(() => {
    throw new Error('late failure in the thread');
  }, 20);
  return { ok: false, unreadable: { name: 'UnreadableDocumentError', origin: 'late', reason: 'answered before failing' } };
};
