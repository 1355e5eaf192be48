'use strict';
/**
 * Entry of a parse-pool thread when the service runs from its TypeScript sources (tsx, jest): a worker
 * thread starts without their TypeScript loader, so it registers tsx's CommonJS hook before loading the
 * task. The compiled build (tsc) has a task.js next to this file and loads that instead.
 */
const fs = require('node:fs');
const path = require('node:path');

const compiled = path.join(__dirname, 'task.js');
if (!fs.existsSync(compiled)) require('tsx/cjs/api').register();
module.exports = require(fs.existsSync(compiled) ? compiled : './task.ts');
