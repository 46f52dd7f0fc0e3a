import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The files that are the CLI's code (dist/cli-main.js and dist/cli-fast.js, beside whichever bundle runs this): a saved
 * scan names their size and mtime, so another build never answers from it. Run from unbundled sources (the tests), the
 * bundles are not there: this module's own file stands for the code.
 */
export function cliCodeFiles(): string[] {
  const bundles = ['cli-main.js', 'cli-fast.js'].map((name) => path.join(__dirname, name));
  return bundles.every((file) => existsSync(file)) ? bundles : [__filename];
}
