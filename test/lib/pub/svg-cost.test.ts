// Render cost (issue 24.3): every generated hostile family is refused past its bound and accepted at
// it (bench/svg-render.ts draws the accepted ones in Chromium); the bounds capabilities print are the
// ones the admission enforces.
import test from 'ava';
import { sanitizeSvg } from '../../../lib/pub/svg.ts';
import { SVG_LIMITS, svgCapabilities } from '../../../lib/pub/svg-limits.ts';
import { transformScale } from '../../../lib/pub/svg-cost.ts';
import { hostileSvgs } from './svg-hostile.ts';

const cases = hostileSvgs();

for (const family of new Set(cases.map((c) => c.family))) {
  test(`hostile family "${family}": refused past each bound, accepted at it`, (t) => {
    for (const c of cases.filter((x) => x.family === family)) {
      const result = sanitizeSvg(c.svg);
      if (c.expect === 'ok') t.true(result.ok, `${c.name}: ${result.ok ? '' : JSON.stringify(result.problems)}`);
      else {
        t.false(result.ok, `${c.name} was accepted`);
        if (!result.ok)
          t.true(
            result.problems.some((p) => p.check === 'performance' || p.check === 'runtime_safety'),
            c.name,
          );
      }
    }
  });
}

test('the families cover every kind the issue names, on both sides of the bounds', (t) => {
  const families = new Set(cases.map((c) => c.family));
  for (const f of [
    'blur sizes',
    'filter regions',
    'nested filters',
    'filter primitives',
    'huge patterns',
    'use fan-out',
    'many elements',
    'long paths',
    'big text',
    'viewport',
  ])
    t.true(families.has(f), f);
  t.true(cases.filter((c) => c.expect === 'ok').length >= 30);
  t.true(cases.filter((c) => c.expect === 'refused').length >= 40);
});

test('a transform stretches by its largest singular value', (t) => {
  t.is(transformScale(null), 1);
  t.is(transformScale('scale(3)'), 3);
  t.is(transformScale('scale(2, 5)'), 5);
  t.true(Math.abs(transformScale('rotate(33) translate(100 100)') - 1) < 1e-9);
  t.true(Math.abs(transformScale('scale(2) scale(3)') - 6) < 1e-9);
  t.true(transformScale('skewX(89.999)') > 1000);
  t.true(Math.abs(transformScale('matrix(0 4 4 0 0 0)') - 4) < 1e-9);
});

test('capabilities print SVG_LIMITS itself, every number in snake_case', (t) => {
  const caps = svgCapabilities() as Record<string, unknown>;
  const walk = (limits: Record<string, unknown>, printed: Record<string, unknown>, path: string) => {
    for (const [key, value] of Object.entries(limits)) {
      const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      if (value !== null && typeof value === 'object') walk(value as Record<string, unknown>, printed[snake] as Record<string, unknown>, `${path}.${snake}`);
      else t.is(printed[snake], value, `${path}.${snake}`);
    }
  };
  walk(SVG_LIMITS as unknown as Record<string, unknown>, caps, 'svg');
});
