/**
 * The factsheet traffic: create (HTML, PDF, link), list, get as JSON/HTML/PDF, star, delete, and the keyless shared
 * page, embed and PDF.
 */
import { api } from '../connections';
import { pick } from '../random';
import type { Phase } from '../recorder';
import { call, codeIs, obj, type RequestSpec } from '../request';
import { NO_SUCH_SHEET, savedSheet, type Sheet, type State, warmIsin } from '../state';
import type { Operation } from './operation';

/** Runs a request on a saved sheet that no DELETE is under way for (one that does not exist when none is left: 404). */
async function withSheet(
  state: State,
  phase: Phase,
  endpoint: string,
  build: (sheet: Sheet) => RequestSpec,
): Promise<void> {
  const sheet = state.sheets.length > 0 ? pick(state.sheets) : null;
  if (!sheet) {
    const ghost: Sheet = {
      id: NO_SUCH_SHEET,
      sharedPath: api('/shared/factsheets/none'),
      key: pick(state.sheetKeys),
      busy: 0,
      favorite: false,
    };
    await call(phase, `${endpoint} (no sheet left: 404)`, { ...build(ghost), expect: [404], kind: 'json' });
    return;
  }
  sheet.busy++;
  try {
    await call(phase, endpoint, build(sheet));
  } finally {
    sheet.busy--;
  }
}

function creations(state: State): Operation[] {
  return (
    [
      ['html', 'document', 6],
      ['pdf', 'document', 3],
      ['html', 'link', 3],
    ] as const
  ).map(([format, deliver, weight]): Operation => ({
    endpoint: `POST /factsheets (${format}, ${deliver})`,
    weight,
    plans: ['enterprise'],
    async run(phase) {
      const key = pick(state.sheetKeys);
      const answer = await call(phase, this.endpoint, {
        method: 'POST',
        path: api('/factsheets'),
        key,
        json: { isin: warmIsin(state), format, deliver, language: pick(['en', 'fr']) },
        expect: [200],
        kind: deliver === 'link' ? 'json' : format,
      });
      if (answer) state.sheets.push(savedSheet(answer, key, deliver));
    },
  }));
}

function readsAndChanges(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /factsheets',
      weight: 10,
      plans: ['enterprise'],
      async run(phase) {
        const query = pick(['', '?limit=20', '?favorites=1']);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/factsheets${query}`),
          key: pick(state.sheetKeys),
          expect: [200],
          kind: 'json',
        });
      },
    },
    {
      endpoint: 'GET /factsheets/{id}',
      weight: 12,
      plans: ['enterprise'],
      async run(phase) {
        const format = pick(['json', 'json', 'html', 'html', 'pdf'] as const);
        await withSheet(state, phase, `${this.endpoint} (${format})`, (sheet) => ({
          method: 'GET',
          path: api(`/factsheets/${sheet.id}?format=${format}`),
          key: sheet.key,
          expect: [200],
          kind: format,
        }));
      },
    },
    {
      endpoint: 'PATCH /factsheets/{id}',
      weight: 5,
      plans: ['enterprise'],
      async run(phase) {
        await withSheet(state, phase, this.endpoint, (sheet) => {
          sheet.favorite = !sheet.favorite;
          const favorite = sheet.favorite;
          return {
            method: 'PATCH',
            path: api(`/factsheets/${sheet.id}`),
            key: sheet.key,
            json: { favorite },
            expect: [200],
            kind: 'json',
            check: (a) => (obj(a).favorite === favorite ? null : `favorite ${String(obj(a).favorite)}`),
          };
        });
      },
    },
    {
      endpoint: 'DELETE /factsheets/{id}',
      weight: 12,
      plans: ['enterprise'],
      async run(phase) {
        // Only a sheet no request is under way for, while more than eight are left.
        const idle = state.sheets.filter((s) => s.busy === 0);
        if (state.sheets.length <= 8 || idle.length === 0) {
          await call(phase, `${this.endpoint} (unknown: 404)`, {
            method: 'DELETE',
            path: api(`/factsheets/${NO_SUCH_SHEET}`),
            key: pick(state.sheetKeys),
            expect: [404],
            kind: 'json',
            check: codeIs('not_found'),
          });
          return;
        }
        const sheet = idle[0];
        state.sheets.splice(state.sheets.indexOf(sheet), 1);
        await call(phase, this.endpoint, {
          method: 'DELETE',
          path: api(`/factsheets/${sheet.id}`),
          key: sheet.key,
          expect: [200],
          kind: 'json',
          check: (a) => (obj(a).deleted === true ? null : 'not deleted'),
        });
      },
    },
  ];
}

/** The keyless links of a shared sheet. */
function sharedLinks(state: State): Operation[] {
  return (
    [
      ['', 'html', 5],
      ['/embed', 'html', 5],
      ['/pdf', 'pdf', 4],
    ] as const
  ).map(([suffix, kind, weight]): Operation => ({
    endpoint: `GET /shared/factsheets/{token}${suffix}`,
    weight,
    plans: [],
    async run(phase) {
      await withSheet(state, phase, this.endpoint, (sheet) => ({
        method: 'GET',
        path: `${sheet.sharedPath}${suffix}`,
        expect: [200],
        kind,
      }));
    },
  }));
}

export function factsheetOperations(state: State): Operation[] {
  return [...creations(state), ...readsAndChanges(state), ...sharedLinks(state)];
}
