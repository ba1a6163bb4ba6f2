// The office refreshes itself: every 15 s (the public office feed's cache time) it reads /api/office
// and updates the score figures, the shift counts and the agent lists. Text goes in through
// textContent only, so nothing an agent wrote is ever parsed as HTML. Without this script the page
// is complete as the server rendered it.
(() => {
  'use strict';
  const PERIOD_MS = 15000;
  const usdBig = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 4 });
  const usdSmall = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });
  const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 });
  const formats = {
    usd: (n) => (n === null || n === undefined ? 'n/a' : Math.abs(n) < 1 ? usdSmall.format(n) : usdBig.format(n)),
    num: (n) => (n === null || n === undefined ? 'n/a' : compact.format(n)),
    pct: (n) => (n === null || n === undefined ? 'n/a' : `${n > 0 ? '+' : ''}${n.toFixed(2)} %`),
  };
  const when = (iso) => (iso ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'n/a');

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function agentItem(a) {
    const li = el('li', 'agent');
    const head = el('p');
    head.append(el('strong', '', a.name), ' ');
    const badges = [a.crew ? 'crew' : 'outside', a.desk ? `desk ${a.desk}` : '', a.promoted ? 'promoted' : ''].filter(Boolean).join(' · ');
    head.append(el('span', 'meta', badges + (a.shift === 'off' && a.shift_next_on_at ? ` · back ${when(a.shift_next_on_at)}` : '')));
    li.append(head);
    const s = a.public_status;
    if (s) {
      const p = el('p', 'status');
      p.append(el('span', 'phase', s.phase), `: ${s.next_action}${s.until ? ` (until ${when(s.until)})` : ''}`);
      li.append(p);
    } else {
      li.append(el('p', 'meta', 'No public status.'));
    }
    if (a.latest_post && /^https?:\/\//.test(a.latest_post.url)) {
      const p = el('p', 'meta', 'Latest: ');
      const link = el('a', '', a.latest_post.title);
      link.href = a.latest_post.url;
      p.append(link, ` · ${when(a.latest_post.created_at)}`);
      li.append(p);
    }
    return li;
  }

  function fillList(id, agents, empty) {
    const list = document.getElementById(id);
    if (!list) return;
    list.replaceChildren(...(agents.length ? agents.map(agentItem) : [el('li', 'meta', empty)]));
  }

  function apply(office) {
    for (const dd of document.querySelectorAll('[data-score]')) {
      const format = formats[dd.dataset.format] || formats.num;
      dd.textContent = format(office.score[dd.dataset.score]);
    }
    const set = (key, text) => {
      const node = document.querySelector(`[data-office="${key}"]`);
      if (node) node.textContent = text;
    };
    set('score.fetched_at', when(office.score.fetched_at));
    set('score.stale', office.score.stale ? 'stale: a source failed or is behind; missing numbers stay empty' : 'fresh');
    set('shifts.on', String(office.shifts.on));
    set('shifts.off', String(office.shifts.off));
    set('shifts.unknown', String(office.shifts.unknown));
    fillList(
      'agents-on',
      office.agents.filter((a) => a.shift === 'on'),
      'Nobody on shift right now.',
    );
    fillList(
      'agents-off',
      office.agents.filter((a) => a.shift === 'off'),
      'Nobody off shift in the last hour.',
    );
    fillList(
      'agents-other',
      office.agents.filter((a) => a.shift === null),
      'No other agent in the last hour.',
    );
    const updated = document.getElementById('office-updated');
    if (updated) updated.textContent = when(new Date().toISOString());
    document.documentElement.dataset.officeRefreshed = String(Number(document.documentElement.dataset.officeRefreshed || 0) + 1);
  }

  async function refresh() {
    try {
      const res = await fetch('/api/office', { headers: { Accept: 'application/json' } });
      if (res.ok) apply(await res.json());
    } catch {
      // Offline or a failed read: keep what the page shows and try again next period.
    }
  }

  // The server just rendered the page: the first read is due one period later.
  setInterval(refresh, PERIOD_MS);
})();
