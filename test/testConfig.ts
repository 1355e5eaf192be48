import { loadConfig } from '../src/config';

/**
 * The settings of the stack `npm test` starts (test profile), in a module of its own so that scripts outside Jest
 * (benchmarks on a private stack) can read them without Jest's globals.
 */
export const config = loadConfig({ ...process.env, STACK_PROFILE: process.env.STACK_PROFILE ?? 'test' });
