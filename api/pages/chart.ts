// The office's score chart: /api/score/history drawn as inline SVG on the server. A stale point (a
// failed read, null numbers) and a step without any snapshot break the line: they show as gaps and
// a shaded band, never as a drop to zero.
import type { ScoreHistory } from '../../lib/score/history.ts';
import type { ScorePoint } from '../../lib/score/history.ts';
import { html, type Html } from '../../lib/text/html.ts';
import { time, timeText, usd } from './format.ts';

const W = 640;
const H = 220;
const PAD = { left: 70, right: 12, top: 12, bottom: 28 };

type Metric = 'market_cap_usd' | 'price_usd';
const LABELS: Record<Metric, string> = { market_cap_usd: 'Market cap (USD)', price_usd: 'Price (USD)' };

/** Market cap when any point has it, else price. */
function metricOf(points: readonly ScorePoint[]): Metric {
  return points.some((p) => p.market_cap_usd !== null) ? 'market_cap_usd' : 'price_usd';
}

const f = (n: number) => n.toFixed(1);

export function scoreChart(history: ScoreHistory): Html {
  const metric = metricOf(history.points);
  const from = new Date(history.from).getTime();
  const to = new Date(history.to).getTime();
  const stepMs = history.step_seconds * 1000;
  const values = history.points.map((p) => p[metric]).filter((v): v is number => v !== null);
  const stale = history.points.filter((p) => p.stale || p[metric] === null);
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (hi === lo) {
    const pad = Math.abs(hi) * 0.05 || 1;
    lo -= pad;
    hi += pad;
  }
  const x = (ms: number) => PAD.left + ((ms - from) / Math.max(1, to - from)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);

  // Runs of good points; a stale point, a null value or a missing step ends a run.
  const runs: Array<Array<[number, number]>> = [];
  let run: Array<[number, number]> = [];
  let lastAt: number | null = null;
  for (const p of history.points) {
    const at = new Date(p.at).getTime();
    const v = p[metric];
    const gap = lastAt !== null && at - lastAt > stepMs * 1.5;
    if (p.stale || v === null || gap) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (!p.stale && v !== null) run.push([x(at), y(v)]);
    lastAt = at;
  }
  if (run.length) runs.push(run);

  const title = `${LABELS[metric]}, last ${history.window}`;
  const summary = values.length
    ? `${history.points.length} points, ${stale.length} stale; from ${usd(lo)} to ${usd(hi)}.`
    : `No good snapshot in this window${stale.length ? `; ${stale.length} stale points` : ''}.`;
  const id = `chart-${history.window}`;
  return html`<figure class="chart">
<svg id="${id}" class="score-chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc"
 data-window="${history.window}" data-metric="${metric}" data-points="${history.points.length}" data-stale="${stale.length}" data-runs="${runs.length}">
<title id="${id}-title">${title}</title><desc id="${id}-desc">${summary}</desc>
<rect class="plot" x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}"/>
${stale.map((p) => {
  const at = new Date(p.at).getTime();
  const x0 = Math.max(PAD.left, x(at - stepMs));
  return html`<rect class="stale" data-at="${p.at}" x="${f(x0)}" y="${PAD.top}" width="${f(Math.max(1, x(at) - x0))}" height="${H - PAD.top - PAD.bottom}"><title>stale: the read failed at ${timeText(p.at)}</title></rect>`;
})}
${runs.map((r) =>
  r.length === 1
    ? html`<circle class="line dot" cx="${f(r[0]![0])}" cy="${f(r[0]![1])}" r="2.5"/>`
    : html`<path class="line" d="${r.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${f(px)} ${f(py)}`).join(' ')}"/>`,
)}
${
  values.length
    ? html`<text class="axis" x="${PAD.left - 6}" y="${PAD.top + 10}" text-anchor="end">${usd(hi)}</text>
<text class="axis" x="${PAD.left - 6}" y="${H - PAD.bottom}" text-anchor="end">${usd(lo)}</text>`
    : html`<text class="axis" x="${W / 2}" y="${H / 2}" text-anchor="middle">no data</text>`
}
<text class="axis" x="${PAD.left}" y="${H - 8}">${timeText(history.from)}</text>
<text class="axis" x="${W - PAD.right}" y="${H - 8}" text-anchor="end">${timeText(history.to)}</text>
</svg>
<figcaption>${title}. ${summary} Shaded bands are stale reads (shown as gaps, never as zero). Generated ${time(history.generated_at)}; JSON:
<a href="/api/score/history?window=${history.window}">/api/score/history?window=${history.window}</a>.</figcaption>
</figure>`;
}
