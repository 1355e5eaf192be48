/**
 * The webhook endpoints' traffic: list, create, test/enable/disable, delete, on the three scale accounts that hold the
 * soak's endpoints.
 */
import { api } from '../connections';
import { between, pick, sample } from '../random';
import { call, codeIs, obj } from '../request';
import { NO_SUCH_HOOK, savedHook, type State } from '../state';
import type { Operation } from './operation';

export function webhookOperations(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /webhooks',
      weight: 20,
      plans: ['scale'],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api('/webhooks'),
          key: pick(state.hookKeys),
          expect: [200],
          kind: 'json',
        });
      },
    },
    {
      endpoint: 'POST /webhooks',
      weight: 6,
      plans: ['scale'],
      async run(phase) {
        // On the account that holds the fewest (20 at most each), counting the creations under way.
        const count = (key: string) =>
          state.hooks.filter((h) => h.key === key).length + (state.hooksPending.get(key) ?? 0);
        const key = [...state.hookKeys].sort((a, b) => count(a) - count(b))[0];
        state.hooksPending.set(key, (state.hooksPending.get(key) ?? 0) + 1);
        try {
          const answer = await call(phase, this.endpoint, {
            method: 'POST',
            path: api('/webhooks'),
            key,
            expect: [201],
            kind: 'json',
            json: {
              url: `${state.receiverUrl}/hooks/${state.hooks.length}`,
              events: ['fund.changed', 'fund.refreshed'],
              isins: sample(state.warm, between(1, 3)),
            },
            check: (a) =>
              typeof obj(a).id === 'string' && typeof obj(a).secret === 'string' ? null : 'no id or secret',
          });
          if (answer) state.hooks.push(savedHook(answer, key));
        } finally {
          state.hooksPending.set(key, (state.hooksPending.get(key) ?? 1) - 1);
        }
      },
    },
    {
      endpoint: 'POST /webhooks/{id}',
      weight: 8,
      plans: ['scale'],
      async run(phase) {
        const hook = state.hooks.length > 0 ? pick(state.hooks) : null;
        if (!hook) {
          await call(phase, this.endpoint, {
            method: 'POST',
            path: api(`/webhooks/${NO_SUCH_HOOK}`),
            key: pick(state.hookKeys),
            json: {},
            expect: [404],
            kind: 'json',
            check: codeIs('not_found'),
          });
          return;
        }
        const action = hook.active ? pick(['test', 'test', 'disable'] as const) : pick(['test', 'enable'] as const);
        hook.busy++;
        try {
          const answer = await call(phase, `${this.endpoint} (${action})`, {
            method: 'POST',
            path: api(`/webhooks/${hook.id}`),
            key: hook.key,
            json: { action },
            expect: [200],
            kind: 'json',
            check: (a) => {
              if (action === 'test')
                return obj(a).delivered === true && obj(a).status === 200
                  ? null
                  : `test not delivered (delivered ${String(obj(a).delivered)}, status ${String(obj(a).status)})`;
              return obj(a).active === (action === 'enable') ? null : `active ${String(obj(a).active)} after ${action}`;
            },
          });
          if (answer && action !== 'test') hook.active = action === 'enable';
        } finally {
          hook.busy--;
        }
      },
    },
    {
      endpoint: 'DELETE /webhooks/{id}',
      weight: 6,
      plans: ['scale'],
      async run(phase) {
        // Only an endpoint no request is under way for, while more than two per account are left.
        const idle = state.hooks.filter((h) => h.busy === 0);
        if (state.hooks.length <= 2 * state.hookKeys.length || idle.length === 0) {
          await call(phase, `${this.endpoint} (unknown: 404)`, {
            method: 'DELETE',
            path: api(`/webhooks/${NO_SUCH_HOOK}`),
            key: pick(state.hookKeys),
            expect: [404],
            kind: 'json',
            check: codeIs('not_found'),
          });
          return;
        }
        const hook = idle[0];
        state.hooks.splice(state.hooks.indexOf(hook), 1);
        await call(phase, this.endpoint, {
          method: 'DELETE',
          path: api(`/webhooks/${hook.id}`),
          key: hook.key,
          expect: [204],
          kind: 'none',
        });
      },
    },
  ];
}
