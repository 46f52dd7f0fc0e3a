import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { foldersFor } from '../core/queries/folders';
import { listProblems } from '../core/queries/problem-list';
import { statusSummary } from '../core/queries/status-summary';
import { findItem, itemInFull } from '../core/queries/task-detail';
import { listTasks } from '../core/queries/task-list';
import { folderInput, idInput, limitInput, offsetInput, systemInput } from './inputs';
import { answer, type ToolContext } from './tool-result';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** baton_status, baton_tasks, baton_task, baton_problems: what the index holds, read-only. */
export function registerReadTools(server: McpServer, { service, ready }: ToolContext): void {
  server.registerTool('baton_status', {
    title: 'Orchestration status',
    description: 'Overview of every AI-orchestrator state Baton indexes in the workspace (orc, Orchestral/Dure, intents, Ultrawork, orange): '
      + 'per folder and system, item counts by kind and by status (statuses exactly as the files write them), how many are blocked or orphaned '
      + '(running with a dead executor), how many decisions wait for a human, and problems by severity. Start here, then use baton_tasks.',
    inputSchema: { folder: folderInput },
    annotations: READ_ONLY,
  }, ({ folder }) => answer(ready, () => ({ folders: statusSummary(service, foldersFor(service.folders, folder)) })));

  server.registerTool('baton_tasks', {
    title: 'List work items',
    description: 'Lists work items (orc tasks and initiatives, Orchestral/Dure runs, intents, Ultrawork sessions and tasks, orange tasks), '
      + 'one row each with system, kind, id, title, status as written, file, blocked/orphaned flags and a baton://task resource URI. '
      + 'All filters are optional and combine. Paged: pass nextOffset as offset for the next page; total says how many match. '
      + 'Use baton_task for one item in full.',
    inputSchema: {
      folder: folderInput,
      system: systemInput.optional(),
      kind: z.enum(['task', 'initiative', 'run', 'session', 'intent']).optional().describe('Only items of this kind.'),
      status: z.array(z.string().min(1).max(200)).max(50).optional()
        .describe('Only items whose status is one of these, exactly as the files write them (e.g. ["running", "blocked"]).'),
      initiative: idInput.optional().describe('Only orc tasks of this initiative (e.g. INIT-001), and the initiative itself.'),
      text: z.string().min(1).max(500).optional().describe('Case-insensitive text to find in the id or title.'),
      blocked: z.boolean().optional().describe('true: only blocked items (a dependency not done); false: only items not blocked.'),
      offset: offsetInput,
      limit: limitInput,
    },
    annotations: READ_ONLY,
  }, (args) => answer(ready, () => ({ ...listTasks(service, { ...args, folders: foldersFor(service.folders, args.folder) }) })));

  server.registerTool('baton_task', {
    title: 'One work item in full',
    description: 'One work item in full: every field as read (unknown fields kept under "fields"), dependencies both ways with the status of each '
      + '(blockedBy, blocks, relatedTo, referencedBy), for orc tasks the phases with iterations and tokens, gates and the newest transcript names, '
      + 'and the problems found in its files. Identify it by system and id as baton_tasks lists them.',
    inputSchema: { system: systemInput, id: idInput.describe('The item id as listed, e.g. TASK-001, INIT-001, run-20260115143022, INT-001.'), folder: folderInput },
    annotations: READ_ONLY,
  }, ({ system, id, folder }) => answer(ready, async () => itemInFull(service, findItem(service, foldersFor(service.folders, folder), system, id))));

  server.registerTool('baton_problems', {
    title: 'Problems in orchestrator files',
    description: 'Problems Baton found in the orchestrators\' files (broken YAML, unknown dependencies, cycles, fields the orchestrator would misread): '
      + 'file, 1-based line and column, severity (error, warning, info), message, system; a problem found in another worktree or on a ref '
      + '(when the server reads them) has worktree or ref, such as two agents\' intents claiming overlapping scope. Filter by a file or folder path and by severity. Paged.',
    inputSchema: {
      folder: folderInput,
      file: z.string().min(1).max(4096).optional().describe('Only problems of this file, or of files under this folder (relative to the workspace folder, or absolute).'),
      severity: z.array(z.enum(['error', 'warning', 'info'])).max(3).optional().describe('Only these severities.'),
      system: systemInput.optional(),
      offset: offsetInput,
      limit: limitInput,
    },
    annotations: READ_ONLY,
  }, (args) => answer(ready, () => ({ ...listProblems(service, { ...args, folders: foldersFor(service.folders, args.folder) }) })));
}

export { READ_ONLY };
