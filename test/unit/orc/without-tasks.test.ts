import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { orcFoldersWithoutTasks } from '../../../src/core/formats/orc-eras/without-tasks';
import { existingOrcProject } from '../../../src/core/onboarding/existing-orc-project';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { viewState, viewStateKeys } from '../../../src/core/service/view-state';
import { createProjectDbFile } from '../helpers/orc-db';
import { REPO, TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/**
 * What `orc init` of the database era commits (orc a48c6caf, internal/bootstrap/init.go): `.orc/config.yaml`, written
 * from orc's defaults in Go's YAML style (four-space indents), and `.orc/prompts/`. The tasks go to
 * `~/.orc/projects/<id>/orc.db`, which a clone on another machine does not have.
 */
const DB_ERA_INIT_CONFIG = [
  'version: 1',
  'profile: auto',
  'gates:',
  '    default_type: auto',
  '    auto_approve_on_success: true',
  'worktree:',
  '    enabled: true',
  '    dir: ""',
  'database:',
  '    driver: sqlite',
  'model: opus',
  '',
].join('\n');

const CLI = path.join(REPO, 'dist', 'cli.js');

describe('an orc project with no task (a clone of a database-era project)', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let home: TempWorkspace;
  beforeEach(() => {
    ws = new TempWorkspace({ '.orc/config.yaml': DB_ERA_INIT_CONFIG, '.orc/prompts/implement.md': 'Implement {{TASK_TITLE}}.\n' });
    home = new TempWorkspace();
  });
  afterEach(() => { ws.dispose(); home.dispose(); });

  async function withoutTasks(orcHome: string | null = home.path('.orc')) {
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome: orcHome ?? undefined }] });
    try {
      await service.scan();
      return { found: orcFoldersWithoutTasks(service.folders, service.items(), (r) => service.records('orc', r), (r) => service.contextOf(r)?.orcHome),
        diagnostics: service.diagnostics() };
    } finally {
      service.dispose();
    }
  }

  it('says where orc keeps the tasks and how a clone gets them, with no problem reported', async () => {
    const { found, diagnostics } = await withoutTasks();
    assert.deepStrictEqual(diagnostics, [], 'a valid config is no problem');
    assert.deepStrictEqual(found.map((f) => [f.root, f.config, f.database, f.reason]), [[ws.root, ws.path('.orc/config.yaml'), null,
      'there is no .orc/tasks/ folder (orc\'s file layout) and no database: orc keeps the tasks of a project its registry '
      + `(${home.path('.orc/projects.yaml')}) lists in ${path.join(home.path('.orc'), 'projects', '<id>', 'orc.db')}, of another in .orc/orc.db, `
      + 'and a clone has neither until orc runs in it (`orc projects add` registers the folder).']]);
  });

  it('the same whatever the registry holds (registered, its database not made yet; or unreadable): the saved scan stays true', async () => {
    const before = (await withoutTasks()).found[0]?.reason;
    home.write('.orc/projects.yaml', `projects:\n    - id: "${orcProjectId(ws.root)}"\n      name: p\n      path: ${ws.root}\n`);
    assert.strictEqual((await withoutTasks()).found[0]?.reason, before);
    home.write('.orc/projects.yaml', 'projects: {not: a list}\n');
    assert.strictEqual((await withoutTasks()).found[0]?.reason, before);
  });

  it('a database with no task yet (orc init just ran): names it', async () => {
    const id = orcProjectId(ws.root);
    home.write('.orc/projects.yaml', `projects:\n    - id: "${id}"\n      name: p\n      path: ${ws.root}\n`);
    const db = home.path(`.orc/projects/${id}/orc.db`);
    createProjectDbFile(db).close();
    const { found } = await withoutTasks();
    assert.deepStrictEqual(found.map((f) => [f.database, f.reason]), [[db, `its database (${db}) has no tasks yet.`]]);
  });

  it('without an orc home: only the folder\'s own places', async () => {
    const { found } = await withoutTasks(null);
    assert.strictEqual(found[0]?.reason, 'there is no .orc/tasks/ folder (orc\'s file layout) and no database (.orc/orc.db).');
  });

  it('a folder with tasks, and a folder without orc, are not such folders', async () => {
    ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'One', status: 'created', weight: 'small' }));
    const other = new TempWorkspace({ 'README.md': '# not orc\n' });
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome: home.path('.orc') }, { root: other.root, orcHome: home.path('.orc') }] });
    try {
      await service.scan();
      const asked: string[] = [];
      const found = orcFoldersWithoutTasks(service.folders, service.items(), (r) => { asked.push(r); return service.records('orc', r); }, () => home.path('.orc'));
      assert.deepStrictEqual(found, []);
      assert.deepStrictEqual(asked, [other.root], 'only the folder without tasks has its records asked for, never the one with tasks');
      assert.deepStrictEqual(service.records('orc', other.root), []);
      assert.ok(service.records('orc', ws.root).length > 0);
      assert.deepStrictEqual(orcFoldersWithoutTasks([ws.root], service.items(), (r) => { asked.push(r); return []; }, () => undefined), []);
      assert.strictEqual(asked.length, 1, 'every folder has tasks: the records are not asked for');
    } finally {
      service.dispose();
      other.dispose();
    }
  });

  it('baton scan says so instead of "No orchestrator state found", and its JSON stays the contract\'s', () => {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    const env = { ...process.env, XDG_CACHE_HOME: home.path('cache') };
    const text = spawnSync(process.execPath, [CLI, 'scan', ws.root, '--home', home.root], { encoding: 'utf8', env });
    assert.strictEqual(text.status, 0, text.stderr);
    assert.deepStrictEqual(text.stdout.split('\n').slice(0, 3), [`Baton scan of ${ws.root}`, '',
      'orc: project .orc/config.yaml, no tasks: there is no .orc/tasks/ folder (orc\'s file layout) and no database: orc keeps the tasks of a '
      + `project its registry (${path.join(home.root, '.orc', 'projects.yaml')}) lists in ${path.join(home.root, '.orc', 'projects', '<id>', 'orc.db')}, `
      + 'of another in .orc/orc.db, and a clone has neither until orc runs in it (`orc projects add` registers the folder).']);
    assert.doesNotMatch(text.stdout, /No orchestrator state found/);
    const json = spawnSync(process.execPath, [CLI, 'scan', ws.root, '--json', '--home', home.root], { encoding: 'utf8', env });
    assert.deepStrictEqual(JSON.parse(json.stdout), { baton: 1, root: ws.root, items: [], decisions: [], diagnostics: [] });
  });

  it('Create orc Project refuses such a folder and one with a database; a folder with only orc.yaml gets its first task as before', () => {
    assert.match(existingOrcProject(ws.root, null) ?? '', /is already an orc project \(\.orc\/config\.yaml\): Baton creates a project only where there is none\. Run orc in this folder, or use New Task/);
    assert.match(existingOrcProject(ws.root, '/home/u/.orc/projects/0123abcd/orc.db') ?? '', /is already an orc project: orc keeps its tasks in \/home\/u\/\.orc\/projects\/0123abcd\/orc\.db\. Use New Task \(orc new\)/);
    const fileEra = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
    const empty = new TempWorkspace();
    try {
      assert.deepStrictEqual([existingOrcProject(fileEra.root, null), existingOrcProject(empty.root, null)], [undefined, undefined]);
    } finally {
      fileEra.dispose();
      empty.dispose();
    }
  });
});

describe('the Tasks view\'s welcome texts (package.json)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest as VS Code reads it
  const manifest = require(path.join(REPO, 'package.json')) as { contributes: { viewsWelcome: { view: string; contents: string; when?: string }[] } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { evaluateWhen } = require('../../../src/core/util/when-clause') as typeof import('../../../src/core/util/when-clause');
  const welcomes = manifest.contributes.viewsWelcome.filter((w) => w.view === 'baton.tasks');

  it('an orc project without tasks gets its own text, alone, and is never offered Create orc Project', () => {
    const names = ['baton.scanned', 'baton.hasState', 'baton.orc.withoutTasks', 'baton.off.orc', 'isWorkspaceTrusted'];
    for (let bits = 0; bits < 1 << names.length; bits++) {
      const keys = Object.fromEntries(names.map((n, i) => [n, (bits & (1 << i)) !== 0]));
      const shown = welcomes.filter((w) => evaluateWhen(w.when, keys));
      assert.ok(shown.length >= 1, `${JSON.stringify(keys)}: some text shows`);
      if (!keys['baton.orc.withoutTasks']) continue;
      assert.ok(shown.every((w) => !w.contents.includes('command:baton.createOrcProject')), JSON.stringify(keys));
      if (keys['baton.scanned'] && !keys['baton.off.orc']) {
        assert.deepStrictEqual(shown.map((w) => w.contents.slice(0, 55)), ['This workspace is an orc project, but Baton found no ta'], JSON.stringify(keys));
      }
    }
  });
});

/**
 * What `dure init` leaves in a repository (Dure 2e8b15c: src/cli/commands/init.ts writes .dure/config/; the project's
 * .gitignore drops .dure/runs/): a clone has the agents' config and no run.
 */
const DURE_INIT_CONFIG = {
  '.dure/config/global.json': JSON.stringify({ max_iterations: 3, tmux_session_prefix: 'dure', web_port: 3873, log_level: 'info' }, null, 2),
  '.dure/config/builder.json': JSON.stringify({ model: 'opus', constraints: { max_file_size_lines: 500, require_types: false } }, null, 2),
};

describe('a system set up in a folder with nothing to show yet', function () {
  this.timeout(30_000);
  let home: TempWorkspace;
  beforeEach(() => { home = new TempWorkspace(); });
  afterEach(() => home.dispose());

  it('Dure\'s committed config: the folder has Dure\'s files (its Runs view shows), baton scan says it is set up, no problem', async () => {
    const ws = new TempWorkspace(DURE_INIT_CONFIG);
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome: home.path('.orc') }] });
    try {
      await service.scan();
      assert.deepStrictEqual([service.items(), service.diagnostics()], [[], []]);
      assert.deepStrictEqual([...service.systemsWithOwnFiles()], ['orchestral']);
      assert.deepStrictEqual([...service.systemsWithOwnFiles(ws.root)], ['orchestral']);
      assert.deepStrictEqual([...service.systemsWithOwnFiles('/elsewhere')], []);
      const state = viewState(service.items(), service.diagnostics(), service.systemsWithOwnFiles());
      assert.deepStrictEqual([viewStateKeys(state)['baton.has.orchestral'], viewStateKeys(state)['baton.has.orc']], [true, false]);
      const r = spawnSync(process.execPath, [CLI, 'scan', ws.root, '--home', home.root], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: home.path('cache') } });
      assert.deepStrictEqual([r.status, r.stdout], [0, `Baton scan of ${ws.root}\n\norchestral: Dure (or Orchestral) is set up here, no runs or missions yet: a run shows once Dure writes its state.json\n`]);
    } finally {
      service.dispose();
      ws.dispose();
    }
  });

  it('an intents folder with no intent yet; and nothing at all still reads "No orchestrator state found"', () => {
    const ws = new TempWorkspace({ '.orchestration/active_intents.yaml': 'active_intents: []\n' });
    const empty = new TempWorkspace({ 'README.md': '# nothing here\n' });
    try {
      const env = { ...process.env, XDG_CACHE_HOME: home.path('cache') };
      const r = spawnSync(process.execPath, [CLI, 'scan', ws.root, '--home', home.root], { encoding: 'utf8', env });
      assert.deepStrictEqual([r.status, r.stdout], [0, `Baton scan of ${ws.root}\n\nintents: .orchestration/ is here, with no intent in it yet\n`]);
      const none = spawnSync(process.execPath, [CLI, 'scan', empty.root, '--home', home.root], { encoding: 'utf8', env });
      assert.match(none.stdout, /^Baton scan of .*\nNo orchestrator state found \(looked for orc\.yaml/);
    } finally {
      ws.dispose();
      empty.dispose();
    }
  });

  it('files under the home roots do not count: Ultrawork\'s sessions and orange\'s projects hold every folder\'s', async () => {
    const ws = new TempWorkspace({ 'README.md': '# a folder\n' });
    home.write('.claude/ultrawork/sessions/s-1/session.json', JSON.stringify({ session_id: 's-1', goal: 'elsewhere', phase: 'EXECUTION', working_dir: '/some/other/repo' }));
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome: home.path('.orc'), ultraworkSessions: home.path('.claude/ultrawork/sessions') }] });
    try {
      await service.scan();
      assert.ok(service.records('ultrawork').length > 0, 'the session was read');
      assert.deepStrictEqual([...service.systemsWithOwnFiles()], []);
    } finally {
      service.dispose();
      ws.dispose();
    }
  });
});
