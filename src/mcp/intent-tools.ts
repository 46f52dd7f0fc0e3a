import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { folderForPath, oneFolder } from '../core/queries/folders';
import { ownerOf } from '../core/queries/owner-query';
import { QueryError } from '../core/queries/query-error';
import { itemJson } from '../core/report/scan-report';
import { folderInput, idInput, pathInput } from './inputs';
import { READ_ONLY } from './read-tools';
import { answer, type ToolContext } from './tool-result';

const ownerShape = z.object({ intent: z.string(), name: z.string(), via: z.string(), pattern: z.string().optional(),
  worktree: z.string().optional(), ref: z.string().optional() });

/** baton_owner, baton_validate_scope, baton_intent_context, baton_log_trace: spec 003's interface for agents. */
export function registerIntentTools(server: McpServer, { service, ready }: ToolContext): void {
  server.registerTool('baton_owner', {
    title: 'Who owns a file',
    description: 'Which intents own a file, from owned_scope in .orchestration/active_intents.yaml and from intent_map.md (and, when neither '
      + 'gives it to anyone, the intent that last changed it according to the agent trace). conflict is true when two or more intents claim it: '
      + 'ask a human before writing such a file. When the server reads other worktrees or branches (baton mcp --worktrees / --refs), '
      + 'their claims are listed too, each with worktree or ref: another agent working there. Paths outside the workspace folder are refused.',
    inputSchema: { path: pathInput, folder: folderInput },
    outputSchema: { folder: z.string(), file: z.string(), owners: z.array(ownerShape), conflict: z.boolean(), intents: z.array(z.string()),
      moreOwners: z.number().optional() },
    annotations: READ_ONLY,
  }, ({ path, folder }) => answer(ready, async () => ({ ...await ownerOf(service, path, folder) })));

  server.registerTool('baton_validate_scope', {
    title: 'May this intent write this file?',
    description: 'Call before writing a file: whether the intent you work under may change it, and why — the owned_scope entry that matches, '
      + 'or the intent map row, or why not (outside its scope, unknown intent, a path outside the workspace). Denials are answers, not errors.',
    inputSchema: { intent: idInput.describe('The intent id, e.g. INT-001.'), path: pathInput, folder: folderInput },
    outputSchema: { allowed: z.boolean(), intentId: z.string(), file: z.string(), via: z.string().optional(), pattern: z.string().optional(),
      reason: z.string(), folder: z.string().nullable() },
    annotations: READ_ONLY,
  }, ({ intent, path, folder }) => answer(ready, async () => {
    const root = folderForPath(service.folders, path, folder, { outside: () => undefined });
    // An absolute path in no open folder is a denial like any path that leaves the folder, not an error.
    if (root === undefined) return { allowed: false, intentId: intent, file: path, reason: `${path} is outside every open folder`, folder: null };
    return { ...await service.intents.validateScope(intent, path, root), folder: root };
  }));

  server.registerTool('baton_intent_context', {
    title: 'Context of an intent',
    description: 'The context block for working under an intent: its name, status, constraints, acceptance criteria, owned scope, related '
      + 'specs and its newest agent-trace entries, ready to follow. Read it before starting work on the intent.',
    inputSchema: { intent: idInput.describe('The intent id, e.g. INT-001.'), folder: folderInput },
    annotations: READ_ONLY,
  }, ({ intent, folder }) => answer(ready, async () => {
    const root = oneFolder(service.folders, folder);
    if (!(await service.intents.getIntent(intent, root))) throw new QueryError(`there is no intent ${intent} in ${root}; baton_tasks with system "intents" lists them`);
    const { intent: item, ...block } = await service.intents.getIntentContext(intent, root);
    // The intent as `scan --json` shows it (not the reader's internal object), then the block; `text` is ready for a prompt.
    return { folder: root, intent: itemJson(root, item), ...block };
  }));

  server.registerTool('baton_log_trace', {
    title: 'Record what you changed',
    description: 'After changing files under an intent, append one entry to .orchestration/agent_trace.jsonl (spec 003\'s agent trace): who, '
      + 'which intent, what action, which files, the outcome. Baton adds the time, a session id and the sha256: hash of the first file\'s '
      + 'current content, and writes the line in the shape the file\'s newest entry has (spec 003\'s when it is empty), linked into its hash '
      + 'chain if it has one. The only tool that writes; files outside the workspace folder are refused and nothing is written then.',
    inputSchema: {
      intent: idInput.nullable().describe('The intent the change was made under (null when none).'),
      agent: z.string().min(1).max(200).describe('Who made the change, e.g. "claude-code".'),
      action: z.string().min(1).max(100).describe('What was done, e.g. WRITE_FILE, EDIT_FILE, EXECUTE_COMMAND.'),
      files: z.array(pathInput).max(100).optional().describe('The files changed, relative to the workspace folder.'),
      status: z.string().min(1).max(100).describe('How it ended, e.g. SUCCESS or FAILURE.'),
      summary: z.string().max(4000).describe('One or two sentences on what changed.'),
      tool: z.string().min(1).max(200).optional().describe('The tool that made the change.'),
      command: z.string().max(4000).optional().describe('The command run, for EXECUTE_COMMAND.'),
      error: z.string().max(4000).optional().describe('The error, when the action failed.'),
      vcsRef: z.string().min(1).max(200).optional().describe('The git commit or branch the change is on.'),
      folder: folderInput,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, (args) => answer(ready, async () => {
    const root = args.files?.[0] !== undefined ? folderForPath(service.folders, args.files[0], args.folder) : oneFolder(service.folders, args.folder);
    try {
      const entry = await service.intents.logTrace({
        agent_id: args.agent, intent_id: args.intent, action_type: args.action,
        payload: { ...(args.tool ? { tool_name: args.tool } : {}), ...(args.files ? { target_files: args.files } : {}), ...(args.command ? { command: args.command } : {}) },
        result: { status: args.status, output_summary: args.summary, ...(args.error ? { error_message: args.error } : {}) },
        ...(args.vcsRef ? { metadata: { vcs_ref: args.vcsRef } } : {}),
      }, root);
      // The line as written, in the trace's own shape; `chain` when it joined a hash chain (and whether record_hash could be computed).
      return { folder: root, shape: entry.shape, written: entry.entry, ...(entry.chain ? { chain: entry.chain } : {}) };
    } catch (err) {
      // logTrace's refusals (a path outside the folder, a trace linked out of it, an invalid entry): nothing was written.
      if (err instanceof Error && /^(target file refused|trace file refused|not a valid trace entry)/.test(err.message)) throw new QueryError(`${err.message}; nothing was written`);
      throw err;
    }
  }));
}
