// In-extension-host test entry for the fourth window of test/run-extension-tests.mjs: a multi-root workspace (two
// folders opened through a .code-workspace file, built by test/e2e/multiroot-workspace.mjs). Runs the *.test.js
// files of this folder only.
import { runTestsIn } from '../extension/index';

export async function run(): Promise<void> {
  return runTestsIn(__dirname);
}
