// In-extension-host test entry for the second window of test/run-extension-tests.mjs: workspace trust on and the
// folder not trusted (Restricted Mode). Runs the *.test.js files of this folder only.
import path from 'node:path';
import { runTestsIn } from '../extension/index';
import { workspaceRoot } from '../extension/helpers/baton';
import { recordSpawns } from './untrusted-helpers';

export async function run(): Promise<void> {
  // Before any test: from here on, a program Baton starts by name (tmux, git, claude, …) leaves a record.
  await recordSpawns(path.dirname(workspaceRoot()));
  return runTestsIn(__dirname);
}
