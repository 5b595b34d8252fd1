import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PROVIDER_URL_SETTINGS } from '../../src/config.js';
import { createDemo, DEMO_CREDIT_KOBO, type DemoAccount } from '../../src/demo.js';
import { ERROR_STATUS } from '../../src/platform/errors.js';
import { VERIFICATIONS } from '../../src/verifications/registry.js';
import { describeEachBackend } from '../helpers/harness.js';

/**
 * Every `curl` example of README.md, run as written against a test server, as a newcomer runs them
 * after `npm start`: the demo organisation that start creates, the shell variables the README asks
 * for, the base URL swapped for the test server's. Each example's `# → status …` comment is checked:
 * the status, the error code after it, every `name: value` and every `{ name, … }` it shows, and a
 * ```json answer that follows the example. An example without that comment fails. (A curl inside a
 * ```text block is output shown, such as the start banner's, and is not run.)
 *
 * The real `curl` (through `bash -u`, so an unset variable fails) when the machine has it; otherwise
 * the command line is parsed into a fetch (README_CURL=fetch forces that).
 */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The base URL the README's examples call (a fresh `npm start`). */
const README_BASE = 'http://localhost:3000';
/** Keys whose documented values differ on every run: only their form is compared. */
const VARYING_KEYS = new Set(['timestamp', 'verificationId', 'referenceId', 'expiresAt', 'createdAt', 'sessionId', 'requestId']);

interface ReadmeExample {
  /** 1-based line of the `curl`. */
  line: number;
  /** The command as written, continuation lines included. */
  command: string;
  /** The status of its `# → NNN` comment; null when it has none. */
  status: number | null;
  /** What the comment says after the status (its continuation lines joined). */
  note: string;
  /** The ```json block right after the example's block, when it is the last example of its block. */
  answer?: unknown;
}

interface Fence {
  lang: string;
  start: number;
  end: number;
  lines: string[];
}

function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const out: Fence[] = [];
  let open: Fence | null = null;
  lines.forEach((line, i) => {
    const m = /^\s*```(\S*)\s*$/.exec(line);
    if (!m) {
      open?.lines.push(line);
      return;
    }
    if (open) {
      open.end = i;
      out.push(open);
      open = null;
    } else open = { lang: m[1]!, start: i, end: i, lines: [] };
  });
  return out;
}

/** Whether a shell command is complete: no quote left open and no trailing backslash. */
function complete(text: string): boolean {
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = null;
    } else if (c === '"' || c === "'") quote = c;
  }
  return quote === null && !/\\$/.test(text);
}

/** The curl examples of a README, each with the status and notes of its `# → …` comment. */
function extractExamples(markdown: string): ReadmeExample[] {
  const all = fences(markdown);
  const examples: ReadmeExample[] = [];
  all.forEach((fence, f) => {
    const inFence: ReadmeExample[] = [];
    // A ```text block shows what a program printed (the start banner), not a command to run.
    if (fence.lang === 'text') return;
    for (let i = 0; i < fence.lines.length; i++) {
      if (!/^\s*curl\s/.test(fence.lines[i]!)) continue;
      const first = i;
      let command = fence.lines[i]!;
      while (!complete(command) && i + 1 < fence.lines.length) command += '\n' + fence.lines[++i]!;
      const example: ReadmeExample = { line: fence.start + 2 + first, command: command.trim(), status: null, note: '' };
      const m = /^\s*#\s*→\s*(\d{3})\b(.*)$/.exec(fence.lines[i + 1] ?? '');
      if (m) {
        example.status = Number(m[1]);
        example.note = m[2]!.trim();
        i++;
        // Continuation lines of the comment are indented: `#   …`.
        while (/^\s*#\s{2,}\S/.test(fence.lines[i + 1] ?? '')) example.note += ' ' + fence.lines[++i]!.replace(/^\s*#\s+/, '');
      }
      inFence.push(example);
    }
    const next = all[f + 1];
    const between = next ? markdown.split('\n').slice(fence.end + 1, next.start) : [];
    if (inFence.length > 0 && next?.lang === 'json' && between.every((l) => l.trim() === '')) {
      inFence[inFence.length - 1]!.answer = JSON.parse(next.lines.join('\n'));
    }
    examples.push(...inFence);
  });
  return examples;
}

// ------------------------------------------------------------------------------------------------
// The comment's claims.

/** The error code right after the status (`# → 404 RECORD_NOT_FOUND …`), if any. */
function codeOf(note: string): string | undefined {
  const m = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/.exec(note);
  return m?.[1];
}

type Literal = string | number | boolean | null;

/** `name: value` pairs the comment shows (value a JSON string, number, true, false or null). */
function pairsOf(note: string): Array<{ name: string; value: Literal }> {
  const out: Array<{ name: string; value: Literal }> = [];
  for (const m of note.matchAll(/([A-Za-z][\w-]*)\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?![\w.])|true\b|false\b|null\b)/g)) {
    out.push({ name: m[1]!, value: JSON.parse(m[2]!) as Literal });
  }
  return out;
}

/** Names listed bare inside braces (`{ accessToken, refreshToken, … }`): each must be present. */
function bareNamesOf(note: string): string[] {
  return [...note.matchAll(/[{,]\s*([A-Za-z]\w*)\s*(?=[,}])/g)].map((m) => m[1]!);
}

/** `keep data.x as $NAME` (or `keep the code in data.x as $NAME`: the 6-digit code in that text). */
function keepsOf(note: string): Array<{ path: string; name: string; code: boolean }> {
  return [...note.matchAll(/keep (the code in )?([\w.]+) as \$([A-Z][A-Z0-9_]*)/g)].map((m) => ({ code: m[1] !== undefined, path: m[2]!, name: m[3]! }));
}

/** Every value found under a key of this name, at any depth. */
function valuesNamed(node: unknown, name: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const item of node) valuesNamed(item, name, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === name) out.push(v);
      valuesNamed(v, name, out);
    }
  }
  return out;
}

/** A documented string ending in `…` stands for any value with that beginning. */
function matches(documented: Literal, actual: unknown): boolean {
  if (typeof documented === 'string' && documented.endsWith('…')) return typeof actual === 'string' && actual.startsWith(documented.slice(0, -1));
  return actual === documented;
}

function at(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node === null || typeof node !== 'object' ? undefined : (node as Record<string, unknown>)[part]), body);
}

/** The documented answer against the real one: the same keys at every level, the same values but for those that vary per run. */
function compareAnswer(documented: unknown, actual: unknown, path = '$'): string[] {
  if (Array.isArray(documented)) {
    if (!Array.isArray(actual) || actual.length !== documented.length) return [`${path}: expected an array of ${documented.length}`];
    return documented.flatMap((d, i) => compareAnswer(d, actual[i], `${path}.${i}`));
  }
  if (documented !== null && typeof documented === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object`];
    const want = Object.keys(documented).sort();
    const got = Object.keys(actual).sort();
    if (want.join() !== got.join()) return [`${path}: keys ${JSON.stringify(got)}, README shows ${JSON.stringify(want)}`];
    return want.flatMap((k) => {
      const d = (documented as Record<string, unknown>)[k];
      const a = (actual as Record<string, unknown>)[k];
      if (VARYING_KEYS.has(k) && typeof d === 'string') {
        const prefix = /^[a-z]+_/.exec(d)?.[0] ?? '';
        return typeof a === 'string' && a.startsWith(prefix) ? [] : [`${path}.${k}: ${JSON.stringify(a)} is not of the form ${JSON.stringify(d)}`];
      }
      return compareAnswer(d, a, `${path}.${k}`);
    });
  }
  return documented === actual ? [] : [`${path}: ${JSON.stringify(actual)}, README shows ${JSON.stringify(documented)}`];
}

// ------------------------------------------------------------------------------------------------
// The README's tables.

/** The rows of the first table under a heading, each row's cells (escaped `\|` kept inside a cell). */
function tableUnder(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no "${heading}" in README.md`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#/.test(line) && rows.length === 0 && line.trim() !== heading) throw new Error(`no table under "${heading}"`);
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    const cells = line.slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined).split(/(?<!\\)\|/).map((c) => c.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1); // without the header row
}

/** The `backticked` tokens of a cell, in order. */
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

// ------------------------------------------------------------------------------------------------
// Running an example.

interface Answer {
  status: number;
  /** Lower-cased names; only when the example asks curl for them (`-i`). */
  headers: Record<string, string> | null;
  body: unknown;
}

const STATUS_MARK = '@@readme-status ';

function hasCurl(): boolean {
  if (process.env.README_CURL === 'fetch') return false;
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/).slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The real curl, through bash (unset variables fail), its status appended by a curlrc of our own. */
function runWithCurl(command: string, env: Record<string, string>, curlHome: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-u', '-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: curlHome, CURL_HOME: curlHome, ...env } }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${command}\nfailed: ${err.message}\n${stderr}`));
      const mark = stdout.lastIndexOf(STATUS_MARK);
      if (mark < 0) return reject(new Error(`no status in curl's output:\n${stdout}`));
      const status = Number(stdout.slice(mark + STATUS_MARK.length).trim());
      let rest = stdout.slice(0, mark);
      let headers: Record<string, string> | null = null;
      if (rest.startsWith('HTTP/')) {
        const split = rest.indexOf('\r\n\r\n');
        headers = parseHeaderBlock(rest.slice(0, split));
        rest = rest.slice(split + 4);
      }
      resolve({ status, headers, body: rest.trim() === '' ? null : (JSON.parse(rest) as unknown) });
    });
  });
}

/** Shell words of a command as bash would split them (quotes, `\` escapes, `$NAME` and `${NAME}`; nothing else is allowed). */
function shellWords(command: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (text: string, i: number): [string, number] => {
    const m = /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(text.slice(i));
    if (!m) throw new Error(`unsupported $ at ${i} in: ${command}`);
    const name = (m[1] ?? m[2])!;
    const value = env[name];
    if (value === undefined) throw new Error(`${name}: unbound variable`);
    return [value, i + m[0].length];
  };
  for (let i = 0; i < command.length; ) {
    const c = command[i]!;
    if (c === '\\' && command[i + 1] === '\n') i += 2;
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      word ??= '';
      i++;
      while (command[i] !== '"') {
        if (i >= command.length) throw new Error(`unclosed " in: ${command}`);
        if (command[i] === '\\' && '"\\$`'.includes(command[i + 1]!)) {
          word += command[i + 1];
          i += 2;
        } else if (command[i] === '$') {
          const [value, next] = expand(command, i);
          word += value;
          i = next;
        } else word += command[i++];
      }
      i++;
    } else if (c === '$') {
      const [value, next] = expand(command, i);
      word = (word ?? '') + value;
      i = next;
    } else if (c === '\\') {
      word = (word ?? '') + command[i + 1];
      i += 2;
    } else if ('|;&<>`()'.includes(c)) throw new Error(`unsupported shell syntax "${c}" in: ${command}`);
    else {
      word = (word ?? '') + c;
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

interface CurlRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | undefined;
  include: boolean;
}

/** The request a curl command line makes, for the options the README uses (anything else is refused). */
function parseCurl(words: string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  const req: CurlRequest = { method: '', url: '', headers: [], body: undefined, include: false };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const value = () => {
      const v = words[++i];
      if (v === undefined) throw new Error(`${w} needs a value`);
      return v;
    };
    if (w === '-H' || w === '--header') {
      const h = value();
      const colon = h.indexOf(':');
      req.headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (w === '-d' || w === '--data' || w === '--data-raw' || w === '--data-binary') req.body = value();
    else if (w === '-X' || w === '--request') req.method = value();
    else if (/^-[sSi]+$/.test(w) || w === '--silent' || w === '--show-error' || w === '--include') {
      if (w.includes('i') || w === '--include') req.include = true;
    } else if (w.startsWith('-')) throw new Error(`curl option ${w} is not understood by the fallback`);
    else if (req.url) throw new Error(`two URLs: ${req.url} and ${w}`);
    else req.url = w;
  }
  if (!req.url) throw new Error('no URL');
  req.method ||= req.body === undefined ? 'GET' : 'POST';
  if (req.body !== undefined && !req.headers.some(([n]) => n.toLowerCase() === 'content-type')) {
    req.headers.push(['content-type', 'application/x-www-form-urlencoded']);
  }
  return req;
}

async function runWithFetch(command: string, env: Record<string, string>): Promise<Answer> {
  const req = parseCurl(shellWords(command, env));
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { status: res.status, headers: req.include ? headers : null, body: text.trim() === '' ? null : (JSON.parse(text) as unknown) };
}

// ------------------------------------------------------------------------------------------------

const examples = extractExamples(README);
const USE_CURL = hasCurl();
/** What `npm start` prints, as the README asks the reader to set it. */
const START_VARIABLES = ['IDV_TEST_KEY', 'IDV_LIVE_KEY', 'IDV_EMAIL', 'IDV_PASSWORD'];

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const label = (e: ReadmeExample) => {
  const url = /https?:\/\/\S+?(?=["'\s]|$)/.exec(e.command)?.[0] ?? '?';
  return `README.md:${e.line} ${url.replace(README_BASE, '')} → ${e.status ?? 'no status'}`;
};

describe('README.md curl examples, read', () => {
  it('has examples, each with its expected status, the base URL and an error code that answers that status', () => {
    expect(examples.length).toBeGreaterThan(20);
    const problems = examples.flatMap((e) => {
      const out: string[] = [];
      if (e.status === null) out.push(`README.md:${e.line}: a curl example needs a "# → <status>" line right after it`);
      if (!e.command.includes(README_BASE)) out.push(`README.md:${e.line}: call ${README_BASE}, as a fresh npm start listens`);
      const code = codeOf(e.note);
      if (code !== undefined && ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== e.status) {
        out.push(`README.md:${e.line}: ${code} is not answered with ${e.status}`);
      }
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('parses every example as a curl request (the fallback when curl is missing), using only the variables the README defines', () => {
    const defined = new Set(START_VARIABLES);
    const env = new Proxy({} as Record<string, string>, { get: (_t, name: string) => (defined.has(name) ? `<${name}>` : undefined) });
    const parsed = examples.map((e) => {
      const req = parseCurl(shellWords(e.command, env));
      for (const keep of keepsOf(e.note)) defined.add(keep.name);
      const json = req.headers.some(([n, v]) => n.toLowerCase() === 'content-type' && v === 'application/json');
      return {
        line: e.line,
        url: req.url.startsWith(README_BASE + '/'),
        method: ['GET', 'POST', 'PATCH', 'DELETE'].includes(req.method),
        // A body sent as JSON is JSON (a typo in an example would otherwise show up as a 400 only).
        json: req.body === undefined ? !json : json && isJson(req.body),
      };
    });
    expect(parsed.filter((p) => !p.url || !p.method || !p.json)).toEqual([]);
  });
});

describe('README.md tables, against the code', () => {
  it('lists every error code of src/platform/errors.ts with the status it answers, and no other', () => {
    const documented: Record<string, number> = {};
    for (const [codes, statuses] of tableUnder(README, '### Error codes')) {
      const names = codes!.split(/\s*(?:,|\/)\s*/);
      const numbers = statuses!.split(/\s*\/\s*/).map(Number);
      names.forEach((name, i) => (documented[name] = numbers.length === 1 ? numbers[0]! : numbers[i]!));
    }
    expect(documented).toEqual({ ...ERROR_STATUS });
  });

  it('lists every setting config.ts reads, and only those, with the defaults config.ts has', () => {
    const source = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/\b(?:str|int|rate)\('([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1]!));
    for (const name of Object.values(PROVIDER_URL_SETTINGS)) read.add(name);
    const rows = tableUnder(README, '### Configuration').map(([names, defaults]) => ({
      names: ticked(names!).filter((n) => /^[A-Z][A-Z0-9_]*$/.test(n)),
      defaults: ticked(defaults!),
    }));
    expect([...new Set(rows.flatMap((r) => r.names))].sort()).toEqual([...read].sort());

    // Setting a variable to its documented default changes nothing: then that default is config.ts's.
    const base = { JWT_SECRET: 'readme-test-secret-'.padEnd(40, 'x'), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    const defaults = loadConfig(base);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const { names, defaults: values } of rows) {
      if (values.length === 0 || (names.length > 1 && values.length < names.length)) continue;
      names.forEach((name, i) => {
        const value = values[names.length === 1 ? 0 : i]!;
        checked.push(name);
        let same = false;
        try {
          same = JSON.stringify(loadConfig({ ...base, [name]: value })) === JSON.stringify(defaults);
        } catch {
          same = false;
        }
        if (!same) wrong.push(`${name}=${value}`);
      });
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
  });

  it('shows every verification endpoint of src/verifications/registry.ts in the endpoint table and in an example', () => {
    const table = tableUnder(README, '## The API in brief').map(([endpoint]) => endpoint!);
    const missing = VERIFICATIONS.map((v) => v.path).filter(
      (path) => !table.includes(`\`POST ${path}\``) || !examples.some((e) => e.status === 200 && e.command.includes(`${README_BASE}${path} `)),
    );
    expect(missing).toEqual([]);
  });
});

describeEachBackend('README.md curl examples, run against a fresh server', (h) => {
  let base = '';
  let demo: DemoAccount;
  let curlHome = '';
  const env: Record<string, string> = {};
  /** What each live call was billed, as its answer says (replays included). */
  const liveCharges: number[] = [];
  let replaysSeen = 0;

  beforeAll(async () => {
    // The organisation a fresh `npm start` creates, and the server listening as it does.
    demo = await createDemo(h().services);
    await h().app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(h().app.server.address() as { port: number }).port}`;
    Object.assign(env, { IDV_TEST_KEY: demo.testKey, IDV_LIVE_KEY: demo.liveKey, IDV_EMAIL: demo.ownerEmail, IDV_PASSWORD: demo.ownerPassword });
    curlHome = mkdtempSync(join(tmpdir(), 'idv-readme-'));
    writeFileSync(join(curlHome, '.curlrc'), `write-out = "\\n${STATUS_MARK}%{http_code}\\n"\n`);
  });
  afterAll(() => {
    if (curlHome) rmSync(curlHome, { recursive: true, force: true });
  });

  // One test per example, in README order: a later one may use what an earlier one kept.
  for (const example of examples) {
    it(label(example), async () => {
      expect(example.status, `README.md:${example.line} documents no status`).not.toBeNull();
      const command = example.command.replaceAll(README_BASE, base);
      const answer = USE_CURL ? await runWithCurl(command, env, curlHome) : await runWithFetch(command, env);
      const where = `README.md:${example.line}: ${JSON.stringify(answer.body)}`;

      expect(answer.status, where).toBe(example.status);
      const body = answer.body as Record<string, unknown>;
      const code = codeOf(example.note);
      // A 2xx is a success unless it names an error code (202 REQUEST_IN_PROGRESS); a 202 that accepted a job is one.
      expect(body, where).toMatchObject({ statusCode: example.status, success: example.status! < 300 && !code });
      if (code) expect(body.code, where).toBe(code);

      for (const { name, value } of pairsOf(example.note)) {
        if (name.includes('-')) {
          expect(answer.headers, `${where}: show the headers (curl -i) to document ${name}`).not.toBeNull();
          expect(matches(typeof value === 'string' ? value : String(value), answer.headers![name.toLowerCase()]), `${where}: header ${name}`).toBe(true);
        } else {
          const found = valuesNamed(body, name);
          expect(found.some((v) => matches(value, v)), `${where}: ${name}: ${JSON.stringify(value)}, found ${JSON.stringify(found)}`).toBe(true);
        }
      }
      for (const name of bareNamesOf(example.note)) expect(valuesNamed(body, name).length, `${where}: no ${name}`).toBeGreaterThan(0);
      if (example.answer !== undefined) expect(compareAnswer(example.answer, body), where).toEqual([]);

      for (const keep of keepsOf(example.note)) {
        const value = at(body, keep.path);
        const kept = keep.code ? /\b(\d{6})\b/.exec(String(value))?.[1] : value;
        expect(typeof kept, `${where}: nothing at ${keep.path} to keep as $${keep.name}`).toBe('string');
        env[keep.name] = kept as string;
      }

      if (example.command.includes('$IDV_LIVE_KEY')) {
        const data = body.data as { charged?: boolean; chargeAmount?: number } | undefined;
        if (data?.charged) liveCharges.push(data.chargeAmount!);
        if (answer.headers?.['idempotent-replayed'] === 'true') replaysSeen++;
      }
    });
  }

  it('bills the wallet exactly what the live answers said, the replay included', async () => {
    const balance = await h().services.wallet.balance(demo.organisationId);
    const charged = liveCharges.reduce((a, b) => a + b, 0);
    expect(replaysSeen).toBeGreaterThan(0);
    expect(balance).toMatchObject({ balance: DEMO_CREDIT_KOBO / 100 - charged, availableBalance: DEMO_CREDIT_KOBO / 100 - charged });
  });
});
