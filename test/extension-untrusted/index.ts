// In-extension-host test entry for the second window of test/run-extension-tests.mjs: workspace trust on and the
// folder not trusted (Restricted Mode). Runs the *.test.js files of this folder only.
import { runTestsIn } from '../extension/index';

export function run(): Promise<void> {
  return runTestsIn(__dirname);
}
