import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStarterFiles, type StarterResult } from '../../core/onboarding/create-starter';
import { intentsFiles, orcProjectFiles, type StarterFiles } from '../../core/onboarding/starter-files';
import { existingOrcProject } from '../../core/onboarding/existing-orc-project';
import { orcDbFileOf } from '../orc/orc-cli-host';

/** The demo's multi-root workspace file: the demo folder (orc's file era and the other systems) and its database-era project. */
export const DEMO_WORKSPACE_FILE = 'baton-demo.code-workspace';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';

/** Test hook: where the last "open demo" copied the demo workspace. */
export interface OnboardingApi {
  lastDemoFolder(): string | undefined;
}

/**
 * The commands behind the walkthrough and the empty views: create an orc project or an intents file in the
 * workspace folder, and open a copy of the demo workspace that ships in dist/demo (copied from demo/ by the build)
 * as its two-folder workspace, the database-era project's databases built in the copy.
 */
export function registerOnboarding(context: vscode.ExtensionContext, service: OrchestrationService): OnboardingApi {
  let demoFolder: string | undefined;
  const create = (what: string, files: (now: Date) => StarterFiles, open: string, refusal?: (root: string) => string | undefined) => async (): Promise<StarterResult | undefined> => {
    if (refusedWhenUntrusted(`Create ${what}`)) return undefined;
    const folder = await pickFolder();
    if (!folder) return undefined;
    const refused = refusal?.(folder.uri.fsPath);
    if (refused) {
      void vscode.window.showWarningMessage(`Baton: ${refused}`);
      return undefined;
    }
    const result = await createStarterFiles(folder.uri.fsPath, files(new Date()));
    await service.scan();
    const note = result.kept.length ? ` Kept as they were: ${result.kept.join(', ')}.` : '';
    void vscode.window.showInformationMessage(result.created.length
      ? `Baton created ${result.created.join(', ')} in ${folder.name}.${note}`
      : `Nothing to create: ${result.kept.join(', ')} already exist in ${folder.name}.`);
    if (result.created.includes(open)) await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, ...open.split('/')), { preview: false });
    return result;
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('baton.createOrcProject', create('orc project', orcProjectFiles, '.orc/tasks/TASK-001/task.yaml',
      (root) => existingOrcProject(root, orcDbFileOf(service, root)))),
    vscode.commands.registerCommand('baton.createIntentsFile', create('intents file', intentsFiles, '.orchestration/active_intents.yaml')),
    // `{ open: false }` only copies (tests: opening the folder would end their window).
    vscode.commands.registerCommand('baton.openDemo', async (options?: { open?: boolean }) => {
      demoFolder = await copyDemo(context.extensionPath);
      // The demo's workspace file opens both of its projects: the file era's (the folder itself) and the database era's.
      if (options?.open !== false) {
        await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(path.join(demoFolder, DEMO_WORKSPACE_FILE)), { forceNewWindow: true });
      }
      return demoFolder;
    }),
  );
  return { lastDemoFolder: () => demoFolder };
}

async function pickFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void vscode.window.showWarningMessage('Open a folder first: Baton creates these files in a workspace folder.');
    return undefined;
  }
  if (folders.length === 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Create the files in which folder?' });
}

/**
 * A fresh copy in the temp folder, so the demo can be changed freely and the extension's own copy stays intact. The
 * database-era project's databases are not shipped: Baton's schema script builds them in the copy, dated today.
 */
async function copyDemo(extensionPath: string): Promise<string> {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-demo-'));
  await fs.cp(path.join(extensionPath, 'dist', 'demo'), target, { recursive: true });
  // The schema script and the demo's rows are loaded only here (their own file in the bundle: see scripts/build.mjs).
  const { DEMO_DB_PROJECT, writeDemoOrcDatabases } = await import('../../core/onboarding/demo-orc-db.js');
  await writeDemoOrcDatabases(path.join(target, DEMO_DB_PROJECT));
  return target;
}
