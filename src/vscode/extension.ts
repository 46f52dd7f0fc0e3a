// First: it notes when Baton's code started running (the Baton log's "first Tasks rows" timing counts from there).
import { batonStartedAt } from './baton-start';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { startRun } from '../core/executor/start-run';
import { JsonIndexCache } from '../core/service/index-cache';
import type { SourceContext } from '../core/model/adapter';
import { otherPlaces } from '../core/places/places-service';
import { OrchestrationService } from '../core/service/orchestration-service';
import { systemsOffEverywhere } from '../core/model/source-context';
import { StatSweep } from '../core/service/stat-sweep';
import { ownBlocks } from '../core/util/own-blocks';
import { StallWatch } from '../core/util/stall-watch';
import { Slicer } from '../core/util/steps';
import { AttentionBadge, type ContributedView } from './attention-badge';
import { registerBoard, type BoardApi } from './board/register-board';
import { ContextKeys, contextKeyValues, setContext, setSystemsOff } from './context-keys';
import { TaskFilter } from './tasks/task-filter';
import { CommandContext } from './command-context';
import { registerCosts, type CostsApi } from './costs/register-costs';
import { registerDecisions, type DecisionsApi } from './decisions/register-decisions';
import { registerExecutor, type ExecutorApi } from './executor/register-executor';
import { StateFileWatcher } from './file-watcher';
import { registerIntents, type IntentsApi } from './intents/register-intents';
import { registerMcp, type McpApi } from './mcp/register-mcp';
import { registerOnboarding, type OnboardingApi } from './onboarding/register-onboarding';
import { registerOrange, type OrangeApi } from './orange/register-orange';
import { registerOrc, type OrcApi } from './orc/register-orc';
import { PlacesSync } from './places/places-sync';
import { ProblemsPublisher } from './problems';
import { registerRuns, type RunsApi } from './runs/register-runs';
import { onDidChangeBatonSettings, reportedSettingsProblems, setSettingsLog, sourceContext } from './settings';
import { StatusBarCounts } from './status-bar';
import { registerTaskCommands } from './tasks/task-commands';
import { registerUltrawork, type UltraworkApi } from './ultrawork/register-ultrawork';
import { TasksTreeProvider } from './tasks/tasks-tree';
import { MoreTasksNode } from './tasks/task-nodes';
import { keepTasksPreview } from './tasks/tasks-preview';
import { showRowsSoFar } from './tasks/show-rows-so-far';
import { trustRefusals } from './trust';
import { setWebviewLog } from './webviews/webview-messages';

/** Orphan detection depends on heartbeat age: re-check without reading anything this often. */
const RECHECK_MS = 60_000;
/** After a folder is added or its settings change: when to look once more for files its new watchers missed. */
const CATCH_UP_MS = 2_000;
/** The stat sweep under the file watcher (see StatSweep): one slice of the files read, this often. */
const SWEEP_MS = 2_000;

export interface BatonApi {
  readonly service: OrchestrationService;
  /** Resolves when the first scan has finished. */
  readonly ready: Promise<void>;
  /** The Tasks view's provider, so tests in the extension host can read the real tree. */
  readonly tasksTree: TasksTreeProvider;
  readonly statusBar: StatusBarCounts;
  /** The activity-bar badge (decisions waiting), set from activation on; and the context keys Baton set. */
  readonly attention: { readonly badge: AttentionBadge; readonly contextKeys: () => Readonly<Record<string, unknown>>; readonly taskFilter: TaskFilter };
  /** orc: the task detail panels and the Initiatives view. */
  readonly orc: OrcApi;
  /** The "Needs you" inbox (sidebar view, panels): tests drive its webview controllers. */
  readonly decisions: DecisionsApi;
  /** The Runs view (Orchestral/Dure) and the MRP viewer. */
  readonly runs: RunsApi;
  /** The Intents view, CodeLens, Explorer badges, intent map panels, active intent and scope guard. */
  readonly intents: IntentsApi;
  /** The orc executor's editor side: runs started here, their terminals and the run status bar item. */
  readonly executor: ExecutorApi;
  /** The orange view (tasks of ~/orange projects that belong to the open folders) and its commands. */
  readonly orange: OrangeApi;
  /** The Ultrawork view (sessions from the home folder's sessions root). */
  readonly ultrawork: UltraworkApi;
  /** Feeds file events to the service; its watch patterns follow the settings and folders. */
  readonly watcher: StateFileWatcher;
  /** Other worktrees and refs: `service.places` configured from the settings and trust, git's refs watched. */
  readonly places: PlacesSync;
  /** The Baton log's file, where VS Code keeps the output channel's lines (activation's and the scan's timings). */
  readonly logFile: vscode.Uri;
  /** Settings values that could not be used as written, as reported in the Baton output channel. */
  readonly settingsProblems: () => readonly string[];
  /** Workspace trust: every write or process Baton refused in this window, with the message shown. */
  readonly trust: { readonly refusals: () => readonly string[] };
  /** The walkthrough's and empty views' commands (create starter files, open the demo). */
  readonly onboarding: OnboardingApi;
  /** The Cost view (orc's cost ledger beside the token figures of orc's tasks and Dure's runs). */
  readonly costs: CostsApi;
  /** The Board (orc's tasks in columns by status): tests read what it posted and send it messages. */
  readonly board: BoardApi;
  /** The context keys that hide commands with nothing to act on (Resolve, Open in Claude Code, Open PR, Attach, Resume). */
  readonly commandContext: CommandContext;
  /** Baton's MCP server as offered to the editor's agent mode: tests ask its provider what it offers. */
  readonly mcp: McpApi;
}

/** After activate() returns, the rest of the registration hands the extension host back this often (see Slicer). */
const ACTIVATION_SLICE_MS = 5;

/**
 * Registers everything, then the first scan starts, under a progress indicator, so opening a large repository never
 * waits on Baton. What activate() does before it returns is only what paints first: the log, the service and the
 * Tasks view (the saved rows of the last session paint from the next turn on). Every other view, command and
 * listener follows in slices of a few milliseconds, with the extension host's other work between them; VS Code
 * treats Baton as active (runs a command, fills a view) only once the returned promise resolves, when all exist.
 */
export async function activate(context: vscode.ExtensionContext): Promise<BatonApi> {
  const activateStarted = performance.now();
  // Where activation's time goes, part by part, for the log lines below.
  let laps: string[] = [];
  let lapStarted = activateStarted;
  const lap = (part: string) => { const now = performance.now(); laps.push(`${part} ${(now - lapStarted).toFixed(1)}`); lapStarted = now; };
  // The "Baton" log (Output panel; a file in the window's log folder): timings a person can check on their repo.
  const log = vscode.window.createOutputChannel('Baton', { log: true });
  setWebviewLog(log); // webviews' CSP reports are written there
  const settingsLog = setSettingsLog(log); // and settings that cannot be used as written
  const contexts = () => (vscode.workspace.workspaceFolders ?? []).map(sourceContext);
  const storage = context.storageUri ?? context.globalStorageUri;
  lap('log and settings');
  const service = new OrchestrationService({
    // Asked for at the service's first use, the first slice after activate() returns (below), never in it: VS Code
    // builds its configuration for whoever reads settings first (9–96 ms measured), and the Tasks view's saved rows
    // need none.
    folders: contexts,
    cache: new JsonIndexCache(vscode.Uri.joinPath(storage, 'index').fsPath),
    // Other worktrees and refs: off until PlacesSync configures them from the settings and workspace trust.
    places: otherPlaces(),
  });
  lap('service');
  const tree = new TasksTreeProvider(service);
  const view = vscode.window.createTreeView('baton.tasks', { treeDataProvider: tree, showCollapseAll: true });
  // Paint first: the rows of the last session at once, replaced by the scan's (whose reading follows).
  const preview = keepTasksPreview(tree, storage, (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath), log);
  void tree.rowsReady.then((source) => log.info(`Tasks rows ready (${source}) ${(performance.now() - batonStartedAt).toFixed(0)} ms after Baton's code started`));
  void tree.firstRows.then((source) => log.info(`first Tasks rows listed (${source}) ${(performance.now() - batonStartedAt).toFixed(0)} ms after Baton's code started`));
  // Settings and folders apply at once: folders whose context changed are read again, the watchers follow. Listened
  // to from here on, so a change arriving before or after the folders' first read is applied (after the scan queued).
  const reconfigure = () => void reconfigureWithProgress(service, contexts(), log);
  context.subscriptions.push(log, settingsLog, service, preview, tree, view,
    onDidChangeBatonSettings(reconfigure), vscode.workspace.onDidChangeWorkspaceFolders(reconfigure));
  lap('Tasks view');
  const activateMs = performance.now() - activateStarted;
  log.info(`activate() took ${activateMs.toFixed(1)} ms (${laps.join(', ')}); the rest follows in slices`);

  // The rest, a few milliseconds at a time: activate() has returned its promise at the first pause.
  laps = [];
  const slicer = new Slicer(ACTIVATION_SLICE_MS);
  let slices = 1;
  const next = async (part: string) => {
    lap(part);
    if (slicer.due()) { slices++; await slicer.pause(); lapStarted = performance.now(); }
  };
  slices++;
  await slicer.pause();
  lapStarted = performance.now();
  // The folders' settings: the service's first use reads them (ServiceOptions.folders), unless the Tasks view asked first.
  void service.folders;
  await next('folders\' settings');
  const statusBar = new StatusBarCounts(service);
  const problems = new ProblemsPublisher(service);
  await next('status bar and problems');
  const watcher = new StateFileWatcher(service);
  // Other worktrees and refs (issue 20): configured after the first scan, live with the settings and trust.
  const places = new PlacesSync(service, watcher, log);
  await next('file watchers');
  const recheck = setInterval(() => service.recheck(), RECHECK_MS);
  const sweep = new StatSweep(service);
  const commandContext = new CommandContext(service);
  const sweeping = setInterval(() => void sweep.tick().catch((err) => log.error(`stat sweep: ${(err as Error).message}`)), SWEEP_MS);
  await next('sweep and command context');

  context.subscriptions.push(statusBar, problems, watcher, places, commandContext, { dispose: () => clearInterval(recheck) }, { dispose: () => clearInterval(sweeping) },
    registerTaskCommands(),
    service.onDidReconfigure(() => void setSystemsOff(systemsOffEverywhere(contexts()))),
    vscode.commands.registerCommand('baton.refresh', () => scanWithProgress(service, log)),
    // The "Show N more" row of a long status group (not in the palette: it acts on the row it belongs to).
    vscode.commands.registerCommand('baton.tasks.showMore', (node: unknown) => { if (node instanceof MoreTasksNode) tree.showMore(node); }),
  );
  await next('Tasks commands');
  const orc = registerOrc(context, service, view as vscode.TreeView<unknown>);
  await next('orc');
  const decisions = registerDecisions(context, service);
  await next('decisions');
  const runs = registerRuns(context, service);
  await next('runs');
  const intents = registerIntents(context, service);
  await next('intents');
  const executor = registerExecutor(context, service, startRun);
  await next('executor');
  const orange = registerOrange(context, service);
  await next('orange');
  const onboarding = registerOnboarding(context, service);
  await next('onboarding');
  const ultrawork = registerUltrawork(context, service);
  await next('ultrawork');
  const costs = registerCosts(context, service);
  await next('costs');
  const board = registerBoard(context, service);
  await next('board');
  const mcp = registerMcp(context, log);
  await next('mcp');
  // Every tree view exists from here on, so the badge can be set before the sidebar is ever opened.
  const trees = new Map<string, vscode.TreeView<unknown>>([['baton.tasks', view as vscode.TreeView<unknown>], ['baton.runs', runs.view],
    ['baton.intents', intents.view], ['baton.ultrawork', ultrawork.view], ['baton.orange', orange.view], ['baton.initiatives', orc.initiativesView]]);
  const contributed = ((context.extension.packageJSON as { contributes?: { views?: { baton?: ContributedView[] } } }).contributes?.views?.baton) ?? [];
  const badge = new AttentionBadge(service, trees, contributed);
  decisions.needsYou.badgeSource = badge;
  const taskFilter = new TaskFilter(tree, view as vscode.TreeView<unknown>);
  // A first start with no saved rows: the tasks the first scan has read so far, until its own rows are in.
  context.subscriptions.push(badge, taskFilter, showRowsSoFar(tree, service, view, log));

  void setSystemsOff(systemsOffEverywhere(contexts()));
  const ready = new Promise<void>((resolve) => setTimeout(resolve, 0))
    // The rows of the last session painted first (their file is small), then the scan's long steps.
    .then(() => preview.painted)
    // The watchers first, so that nothing written while the scan reads goes unseen.
    .then(() => watcher.start())
    .then(() => scanWithProgress(service, log))
    // Before the welcome texts show: an orc project with no task has its own (not "no orchestrator state found").
    .then(() => orc.cliNote.noteWithoutTasks())
    .then(() => setContext(ContextKeys.scanned, true))
    // `baton.scanned` hides the Tasks view in a workspace without orc: the badge moves to a view still shown.
    .then(() => badge.update())
    // The folder's own rows are in: now the other worktrees and refs (git runs only in a trusted workspace).
    .then(() => places.start())
    .then(() => undefined);
  lap('the rest');
  slicer.finish();
  const ownMs = activateMs + laps.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  log.info(`activation done ${(performance.now() - activateStarted).toFixed(1)} ms after activate() started: ${ownMs.toFixed(1)} ms of Baton's own ` +
    `work in ${slices} slices (the longest ${Math.max(activateMs, slicer.longestSliceMs).toFixed(1)} ms), the rest ${laps.join(', ')}`);
  return { service, ready, tasksTree: tree, statusBar, attention: { badge, contextKeys: contextKeyValues, taskFilter }, orc, decisions, runs, intents, executor, ultrawork, orange, watcher, places,
    logFile: vscode.Uri.joinPath(context.logUri, 'Baton.log'), settingsProblems: reportedSettingsProblems,
    trust: { refusals: trustRefusals }, onboarding, costs, board, commandContext, mcp };
}

async function reconfigureWithProgress(service: OrchestrationService, contexts: SourceContext[], log: vscode.LogOutputChannel): Promise<void> {
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Baton: applying settings' }, async () => {
    try {
      const started = performance.now();
      const { kept, read, dropped } = await service.reconfigure(contexts);
      // The watchers of a folder just read start a moment later: one more look finds what was written in between.
      if (read.length) setTimeout(() => void service.readUndiscovered(read).catch((err) => log.error(`catch-up read: ${(err as Error).message}`)), CATCH_UP_MS);
      if (read.length || dropped.length) {
        log.info(`settings applied in ${(performance.now() - started).toFixed(0)} ms: ${read.length} folder(s) read again, ` +
          `${kept.length} kept, ${dropped.length} dropped`);
      }
    } catch (err) {
      void vscode.window.showErrorMessage(`Baton could not apply the changed settings: ${(err as Error).message}`);
    }
  });
}

async function scanWithProgress(service: OrchestrationService, log: vscode.LogOutputChannel): Promise<void> {
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Baton: reading orchestrator state' },
    async () => {
      try {
        const started = performance.now();
        // The scan reads in slices so the extension host stays responsive: its longest stall says whether it did.
        const stalls = monitorEventLoopDelay({ resolution: 10 });
        stalls.enable();
        // The host's loop is shared with other extensions and VS Code: Baton's own blocks are timed apart, and each
        // stall is looked at without them (own-blocks.ts, stall-watch.ts).
        ownBlocks.restart();
        const watch = new StallWatch(ownBlocks);
        watch.start();
        const t = await service.scan();
        stalls.disable();
        const others = watch.stop();
        const own = ownBlocks.longest;
        log.info(`scan: ${service.items().length} items in ${(performance.now() - started).toFixed(0)} ms (index cache ` +
          `${t.cacheLoadMs.toFixed(0)} ms, read and link ${t.readAndLinkMs.toFixed(0)} ms of which other work ${t.yieldedMs.toFixed(0)} ms, ` +
          `${t.filesReadAhead} files read ahead, ${t.foldersListedAhead} folders listed ahead, cache save ${t.cacheSaveMs.toFixed(0)} ms, ` +
          `views ${t.listenersMs.toFixed(0)} ms (slowest ${t.slowestListenerMs.toFixed(0)} ms); longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms; ` +
          `Baton's longest own block ${own.ms.toFixed(1)} ms (${own.what}${own.cpuMs === undefined ? '' : `; on a processor ${own.cpuMs.toFixed(1)} ms`}), ` +
          `${own.long} of its ${own.blocks} blocks over ${ownBlocks.longMs} ms, ` +
          `without garbage collection ${others.ownWithoutGc.ms.toFixed(1)} ms (${others.ownWithoutGc.what}), by kind ` +
          `${ownBlocks.kinds().slice(0, 5).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join(', ')}; garbage collection ${others.gcMs.toFixed(0)} ms, ` +
          `its longest pause ${others.gcLongestMs.toFixed(0)} ms; ` +
          `stalls over ${watch.longMs} ms ${others.long}, of them ${others.longOthers} over ${watch.longMs} ms without Baton's blocks in them ` +
          `(the longest without them ${others.longestOthersMs.toFixed(0)} ms)` +
          (others.mostOnProcessorMs === undefined ? '' : `; the thread on a processor in the longest stall ${others.longestOnProcessorMs?.toFixed(1) ?? '?'} ms, ` +
            `in any one stall at most ${others.mostOnProcessorMs.toFixed(1)} ms`) + ')');
      } catch (err) {
        void vscode.window.showErrorMessage(`Baton could not read the workspace: ${(err as Error).message}`);
      }
    });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
