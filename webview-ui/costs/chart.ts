import type { LedgerView } from '../../src/shared/costs-protocol';
import { count, el, money, svg } from './dom';

/** Series colours are theme colours (classes in style.css), so every theme — high contrast too — keeps them apart. */
export const SERIES = 8;

export function seriesClass(model: string, models: readonly string[]): string {
  const i = models.indexOf(model);
  return `series-${(i < 0 ? models.length : i) % SERIES}`;
}

/**
 * The last N days of orc's cost ledger as stacked bars, one colour per model (the models that spent most at the
 * bottom). An SVG built node by node; its text is text nodes. Screen readers get the chart's summary as its name and
 * the figures as the table under it; each bar's own figures are its <title>.
 */
export function costChart(ledger: LedgerView, id: string): HTMLElement {
  const width = 720, height = 220, left = 56, bottom = 28, top = 10;
  const plotW = width - left - 8, plotH = height - top - bottom;
  const perDay = new Map<string, { model: string; costUsd: number; tokens: number }[]>();
  for (const r of ledger.byDayModel) perDay.set(r.day, [...perDay.get(r.day) ?? [], r]);
  const totals = ledger.days.map((d) => (perDay.get(d) ?? []).reduce((n, r) => n + r.costUsd, 0));
  const max = Math.max(...totals, 0.01);
  const step = plotW / ledger.days.length;
  const y = (usd: number) => top + plotH - (usd / max) * plotH;
  const summary = `Cost per day from ${ledger.window.from} to ${ledger.window.to}, by model: ${money(ledger.windowTotal.costUsd)} in all` +
    (ledger.byModel.length ? ` (${ledger.byModel.map((m) => `${m.model} ${money(m.costUsd)}`).join(', ')})` : '');
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': `${id}-title`, class: 'chart', preserveAspectRatio: 'xMinYMin meet' },
    svg('title', { id: `${id}-title` }, summary));
  for (const tick of [0, max / 2, max]) {
    chart.append(svg('line', { x1: left, x2: width - 8, y1: y(tick), y2: y(tick), class: 'gridline' }),
      svg('text', { x: left - 6, y: y(tick) + 4, class: 'axis', 'text-anchor': 'end' }, money(tick)));
  }
  ledger.days.forEach((day, i) => {
    let base = 0;
    const rows = [...perDay.get(day) ?? []].sort((a, b) => ledger.models.indexOf(a.model) - ledger.models.indexOf(b.model));
    for (const r of rows) {
      const h = Math.max((r.costUsd / max) * plotH, r.costUsd > 0 ? 1 : 0);
      chart.append(svg('rect', { x: left + i * step + 1, y: y(base) - h, width: Math.max(step - 2, 1), height: h, class: `bar ${seriesClass(r.model, ledger.models)}` },
        svg('title', {}, `${day} · ${r.model} · ${money(r.costUsd)} · ${count(r.tokens)} tokens`)));
      base += r.costUsd;
    }
    if (i % 5 === 0 || i === ledger.days.length - 1) {
      chart.append(svg('text', { x: left + i * step + step / 2, y: height - 8, class: 'axis', 'text-anchor': 'middle' }, day.slice(5)));
    }
  });
  const legend = el('ul', { class: 'legend', 'aria-label': 'Models' }, ...ledger.models.map((m) =>
    el('li', {}, el('span', { class: `swatch ${seriesClass(m, ledger.models)}`, 'aria-hidden': 'true' }), m)));
  return el('figure', { class: 'chart-figure' }, chart, legend);
}
