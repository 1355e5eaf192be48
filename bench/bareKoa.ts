import fs from 'node:fs';

import Koa from 'koa';

/** The baseline: a bare Koa handler returning the same bytes as the real endpoint. */
const [port, bodyFile] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
