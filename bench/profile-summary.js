// Summarises a V8 .cpuprofile (from `node --cpu-prof`): top functions by self time, by inclusive
// time, and self time grouped by package or source area.
//   node bench/profile-summary.js bench/results/profiles/<run>/idv.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './lib.js';

function shortUrl(url) {
  if (!url) return '';
  let u = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (u.startsWith(ROOT)) u = u.slice(ROOT.length);
  return u.replace(/^.*node_modules\//, 'node_modules/');
}

/** Where a frame's code lives: a package, idv's own dist/, Node's internals, or V8's pseudo-frames. */
function area(callFrame) {
  const url = shortUrl(callFrame.url);
  if (!url) return callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native/builtin)';
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node: internals';
  if (url.startsWith('dist/')) return `idv ${url.split('/').slice(0, 2).join('/')}`;
  return url;
}

/** Returns `{ totalMs, self[], inclusive[], areas[] }`, each entry `{ name, ms, percent }`. */
export function summariseProfile(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const label = (n) => {
    const f = n.callFrame;
    const name = f.functionName || '(anonymous)';
    const where = shortUrl(f.url);
    return where ? `${name}  ${where}:${f.lineNumber + 1}` : name;
  };

  const selfMs = new Map();
  const inclMs = new Map();
  const areaMs = new Map();
  let totalMs = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000; // µs → ms; a sample lasts until the next
    const node = byId.get(samples[i]);
    if (!node) continue;
    totalMs += dt;
    const key = label(node);
    selfMs.set(key, (selfMs.get(key) ?? 0) + dt);
    const a = area(node.callFrame);
    areaMs.set(a, (areaMs.get(a) ?? 0) + dt);
    // Inclusive: every distinct function on the stack, counted once per sample (recursion-safe).
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const k = label(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      inclMs.set(k, (inclMs.get(k) ?? 0) + dt);
    }
  }
  const rank = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, ms: Math.round(t), percent: Number(((100 * t) / totalMs).toFixed(1)) }));
  const skip = new Set(['(root)']);
  return {
    totalMs: Math.round(totalMs),
    self: rank(selfMs),
    inclusive: rank(new Map([...inclMs].filter(([k]) => !skip.has(k)))),
    areas: rank(areaMs),
  };
}

/** Where the time of functions named `name` comes from: stacks up to `depth` frames above it, by time. */
export function callersOf(profile, name, depth = 4, top = 10) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = (n) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const stacks = new Map();
  let total = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000;
    total += dt;
    let id = samples[i];
    while (id !== undefined && byId.get(id).callFrame.functionName !== name) id = parent.get(id);
    if (id === undefined) continue;
    const chain = [];
    for (let p = parent.get(id); p !== undefined && chain.length < depth; p = parent.get(p)) chain.push(frame(byId.get(p)));
    const key = chain.join('\n      ← ');
    stacks.set(key, (stacks.get(key) ?? 0) + dt);
  }
  return [...stacks.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([stack, t]) => ({ stack, ms: Math.round(t), percent: Number(((100 * t) / total).toFixed(1)) }));
}

export function formatSummary(title, s) {
  const rows = (list) => list.map((e) => `  ${String(e.percent.toFixed(1)).padStart(5)}%  ${String(e.ms).padStart(7)} ms  ${e.name}`).join('\n');
  return [
    `── CPU profile: ${title} (${s.totalMs} ms sampled) ──`,
    'self time by function:',
    rows(s.self),
    'self time by area:',
    rows(s.areas),
    'inclusive time by function:',
    rows(s.inclusive),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const t = args.indexOf('--top');
  const top = t === -1 ? 25 : Number(args.splice(t, 2)[1]);
  const c = args.indexOf('--callers');
  const callers = c === -1 ? null : args.splice(c, 2)[1];
  if (args.length === 0) {
    console.error('usage: node bench/profile-summary.js <file.cpuprofile>… [--top N] [--callers FUNCTION_NAME]');
    process.exit(2);
  }
  for (const file of args) {
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    if (callers) {
      console.log(`── ${file}: where the time of ${callers} comes from ──`);
      for (const e of callersOf(profile, callers, 4, top)) console.log(`  ${e.percent.toFixed(1)}%  ${e.ms} ms\n      ← ${e.stack}`);
    } else {
      console.log(formatSummary(file, summariseProfile(profile, top)) + '\n');
    }
  }
}
