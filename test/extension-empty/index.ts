// In-extension-host test entry for the third window of test/run-extension-tests.mjs: an empty, trusted folder, as a
// new user opens one. Runs the *.test.js files of this folder only.
import { runTestsIn } from '../extension/index';

export async function run(): Promise<void> {
  return runTestsIn(__dirname);
}
