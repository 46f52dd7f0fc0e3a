import path from 'node:path';
import type { OrcTask } from '../formats/orc/model';
import type { OrchestralRun } from '../formats/orchestral/model';
import { readProjectCosts } from '../formats/orc-db/cost-report';
import { tokenTotals, type TokenTotals } from '../model/tokens';
import type { OrchestrationService } from './orchestration-service';

/**
 * What each workspace folder's agents spent, from every source Baton reads: orc's cost ledger (the global database,
 * per day and model over the last 30 days, per task, initiative and phase), the tokens of orc's tasks as the index
 * holds them (the file era's state.yaml, the database era's phases table), and Dure's run usage. The Cost view shows
 * it; nothing here is written anywhere.
 */
export interface FolderCosts {
  readonly root: string;
  readonly orcLedger: OrcLedgerCosts | null;
  readonly orcFiles: TokenSource | null;
  readonly orcDatabase: TokenSource | null;
  readonly dure: TokenSource | null;
  readonly problems: readonly string[];
}

export interface OrcLedgerCosts {
  readonly source: string;
  readonly window: { readonly from: string; readonly to: string; readonly days: number };
  readonly days: readonly string[];
  /** Models by spending in the window, most first. */
  readonly models: readonly string[];
  readonly byDayModel: readonly { readonly day: string; readonly model: string; readonly costUsd: number; readonly tokens: number }[];
  readonly byModel: readonly { readonly model: string; readonly costUsd: number; readonly tokens: number; readonly entries: number }[];
  /** All time. */
  readonly total: { readonly costUsd: number; readonly tokens: number; readonly entries: number };
  readonly windowTotal: { readonly costUsd: number; readonly tokens: number };
  readonly tasks: readonly NamedCost[];
  readonly initiatives: readonly NamedCost[];
  readonly phases: readonly NamedCost[];
}

export interface NamedCost {
  readonly id: string;
  readonly title: string | null;
  readonly costUsd: number;
  readonly tokens: number;
  readonly entries: number;
}

/** Tokens (and cost where the source records one) of the items of one kind the index holds. */
export interface TokenSource {
  readonly items: number;
  readonly withTokens: number;
  readonly tokens: TokenTotals;
  readonly costUsd: number | null;
  /** The items that used the most tokens, most first. */
  readonly top: readonly { readonly id: string; readonly title: string; readonly tokens: number; readonly costUsd: number | null }[];
}

const TOP = 10;

export async function costsOverview(service: OrchestrationService, now = new Date()): Promise<FolderCosts[]> {
  const out: FolderCosts[] = [];
  for (const root of service.folders) {
    const ctx = service.contextOf(root);
    const items = service.items().filter((i) => i.root === root);
    const tasks = items.filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
    const titles = new Map(items.filter((i) => i.system === 'orc').map((i) => [i.id, i.title]));
    const report = ctx?.orcHome ? await readProjectCosts({ root, orcHome: ctx.orcHome }, now) : null;
    const c = report?.costs;
    const named = (rows: readonly { key: string; costUsd: number; tokens: TokenTotals; entries: number }[], limit = Infinity) =>
      rows.slice(0, limit).map((r) => ({ id: r.key, title: titles.get(r.key) ?? null, costUsd: r.costUsd, tokens: r.tokens.total, entries: r.entries }));
    const orcLedger: OrcLedgerCosts | null = c && report.database && c.total.entries ? {
      source: report.database, window: c.window, days: c.days,
      models: c.byModel.map((m) => m.key),
      byDayModel: c.byDayModel.map((r) => ({ day: r.day, model: r.model, costUsd: r.costUsd, tokens: r.tokens.total })),
      byModel: c.byModel.map((m) => ({ model: m.key, costUsd: m.costUsd, tokens: m.tokens.total, entries: m.entries })),
      total: { costUsd: c.total.costUsd, tokens: c.total.tokens.total, entries: c.total.entries },
      windowTotal: { costUsd: sum(c.byModel.map((m) => m.costUsd)), tokens: sum(c.byModel.map((m) => m.tokens.total)) },
      tasks: named(c.byTask, TOP), initiatives: named(c.byInitiative), phases: named(c.byPhase),
    } : null;
    const runs = items.filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run');
    out.push({
      root, orcLedger,
      orcFiles: tokenSource(tasks.filter((t) => t.era === 'file'), (t) => t.state?.cost?.total_cost_usd ?? null),
      // orc keeps each task's cost in tasks.total_cost_usd (its phases' cost_usd stay 0).
      orcDatabase: tokenSource(tasks.filter((t) => t.era === 'db'), (t) => t.db?.costUsd ?? null),
      dure: tokenSource(runs, (r) => r.costUsd),
      problems: (report?.diagnostics ?? []).map((d) => `${path.basename(d.file)}: ${d.message}`),
    });
  }
  return out;
}

function tokenSource<T extends { id: string; title: string; tokens: TokenTotals | null }>(items: readonly T[],
  cost: (item: T) => number | null): TokenSource | null {
  if (!items.length) return null;
  const counted = items.filter((i) => i.tokens);
  const add = (f: (t: TokenTotals) => number) => sum(counted.map((i) => f(i.tokens!)));
  const costs = items.map(cost).filter((c): c is number => c !== null);
  return {
    items: items.length, withTokens: counted.length,
    tokens: tokenTotals(add((t) => t.input), add((t) => t.output), add((t) => t.cacheCreation), add((t) => t.cacheRead), add((t) => t.total)),
    costUsd: costs.length ? sum(costs) : null,
    top: [...counted].sort((a, b) => b.tokens!.total - a.tokens!.total || a.id.localeCompare(b.id)).slice(0, TOP)
      .map((i) => ({ id: i.id, title: i.title, tokens: i.tokens!.total, costUsd: cost(i) })),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
