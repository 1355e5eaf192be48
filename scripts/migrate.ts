import { loadConfigOrExit } from '../src/config';
import { migrate } from '../src/db/migrate';

/** Applies migrations to the configured databases (used by the production compose file). */
migrate(loadConfigOrExit(), (line) => console.log(line)).catch((err) => {
  console.error(err);
  process.exit(1);
});
