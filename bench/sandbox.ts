/**
 * A bundled handler in a process of its own, as Lambda keeps it between invocations (a warm
 * sandbox): it imports its bundle once, then answers each webhook event it is handed over IPC
 * with its time (measured inside the process, around the handler) and its memory. For
 * bench/memory.ts and bench/versus-bare.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TgUpdate } from '../src/local/telegram-api/index.ts';

/** One answered event. */
export interface Answer {
  readonly ms: number;
  /** CPU time of the handler's process over the event, all its threads, and its main thread's (Linux; NaN elsewhere). */
  readonly cpuMs: number;
  readonly mainMs: number;
  /** The main thread's pauses for V8's collector during the event (about: a pause is reported once it ended). */
  readonly gcMs: number;
  readonly status: number;
  readonly memory: NodeJS.MemoryUsage;
  /** Resident anonymous and file-backed memory (Linux; NaN elsewhere). */
  readonly anon: number;
  readonly file: number;
  /** With `trace`: each outgoing HTTP call (a DynamoDB operation, a Bot API method) in ms from the event. */
  readonly calls?: readonly { readonly label: string; readonly from: number; readonly to: number }[];
}

/**
 * The handler's process: runs `prelude` (in a block of its own), imports `file`, then answers each event it is sent.
 * With `trace`, it wraps `http.request` before the import (a client keeps the function it finds
 * first) and reports each event's calls.
 */
const CHILD = (file: string, prelude: string, trace: boolean) => `
{
${prelude}
}
let calls;
let t0 = 0;
if (${trace}) {
  const http = (await import('node:http')).default;
  const original = http.request;
  http.request = function (...args) {
    const request = original.apply(this, args);
    if (calls !== undefined) {
      const started = performance.now();
      const call = { label: '', from: started - t0, to: NaN };
      calls.push(call);
      call.label = String(request.getHeader('x-amz-target') ?? '').split('.').at(-1) || request.path.split('/').at(-1);
      request.on('response', (response) => response.on('end', () => void (call.to = performance.now() - t0)));
    }
    return request;
  };
}
const { handler, rendererMemory } = await import(${JSON.stringify(pathToFileURL(file).href)});
const v8 = await import('node:v8');
const fs = await import('node:fs');
// Time in V8's collector pauses on the main thread (minor and major), as node reports each one.
let gcMs = 0;
new (await import('node:perf_hooks')).PerformanceObserver((list) => { for (const entry of list.getEntries()) gcMs += entry.duration; }).observe({ entryTypes: ['gc'] });
// The main thread's CPU time so far (Linux; NaN elsewhere): the process's, less its other threads' (zlib's, sharp's, V8's).
const mainThreadNs = () => { try { return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]); } catch { return NaN; } };
const headers = { 'x-telegram-bot-api-secret-token': process.env.TELEGRAM_WEBHOOK_SECRET, 'content-type': 'application/json' };
process.on('message', async (m) => {
  if (m.exit) process.exit(0);
  if (m.caches) {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
    process.send({ caches: { ...(rendererMemory ? await rendererMemory() : {}), ...spaces } });
    return;
  }
  if (m.snapshot) { v8.writeHeapSnapshot(m.snapshot); process.send({ snapshot: true }); return; }
  if (${trace}) calls = [];
  const cpu = process.cpuUsage();
  const main = mainThreadNs();
  const gcBefore = gcMs;
  t0 = performance.now();
  const answer = await handler({ headers, body: m.body });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const mainMs = (mainThreadNs() - main) / 1e6;
  // A pause ending after the answer is reported later: counted with the next event's.
  await new Promise((done) => setImmediate(done));
  const gcPauseMs = gcMs - gcBefore;
  const traced = calls;
  calls = undefined;
  // Resident memory by kind (Linux): anonymous (heaps: V8's, malloc's) and file-backed (the code of node and of libvips and its libraries, as it is first run).
  let status = '';
  try { status = fs.readFileSync('/proc/self/status', 'utf8'); } catch {}
  const kb = (name) => Number(status.split('\\n').find((l) => l.startsWith(name + ':'))?.split(/ +|\\t/).at(-2)) * 1024;
  process.send({ ms, cpuMs, mainMs, gcMs: gcPauseMs, status: answer.statusCode, memory: process.memoryUsage(), anon: kb('RssAnon'), file: kb('RssFile'), calls: traced });
});
process.send({ ready: true });
`;

export interface SandboxOptions {
  /** node's flags (say --cpu-prof). */
  readonly nodeArgs?: readonly string[];
  /** Code run before the handler is imported. */
  readonly prelude?: string;
  /** Report each event's outgoing calls (`Answer.calls`). */
  readonly trace?: boolean;
}

export class Sandbox {
  private waiting: ((m: unknown) => void) | undefined;
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m) => {
      const w = this.waiting;
      this.waiting = undefined;
      w?.(m);
    });
  }

  /** Starts a process importing the bundle `file` (its working directory the bundle's root, where assets/ lies). */
  static async start(file: string, env: NodeJS.ProcessEnv, { nodeArgs = [], prelude = '', trace = false }: SandboxOptions = {}): Promise<Sandbox> {
    const child = spawn(process.execPath, [...nodeArgs, '--input-type=module', '-e', CHILD(file, prelude, trace)], { cwd: dirname(dirname(file)), env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const sandbox = new Sandbox(child);
    child.on('exit', (code) => {
      throw new Error(`the handler's process ended (exit ${code})`);
    });
    await sandbox.next();
    return sandbox;
  }

  private next(): Promise<unknown> {
    return new Promise((done) => void (this.waiting = done));
  }

  /** Hands the handler one update; resolves with its answer (a status other than 200 throws). */
  async press(update: TgUpdate): Promise<Answer> {
    const answered = this.next();
    this.child.send({ body: JSON.stringify(update) });
    const answer = (await answered) as Answer;
    if (answer.status !== 200) throw new Error(`the handler answered ${answer.status}`);
    return answer;
  }

  /** What the renderer's caches hold (render/index.ts, `rendererMemory`), and V8's heap by space. */
  async caches(): Promise<Record<string, number>> {
    const answered = this.next();
    this.child.send({ caches: true });
    return ((await answered) as { caches: Record<string, number> }).caches;
  }

  async snapshot(file: string): Promise<void> {
    const done = this.next();
    this.child.send({ snapshot: file });
    await done;
  }

  /** Ends the process normally (so that node's --cpu-prof, say, writes its profile). */
  stop(): void {
    this.child.removeAllListeners('exit');
    this.child.send({ exit: true });
  }
}
