/**
 * A bench part in a process of its own, so that its memory and event loop are measured alone: the parent
 * forks a TypeScript module (through tsx) and exchanges one JSON message at a time with it over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child<Request, Reply> {
  /** Sends a message and resolves with the child's next message. */
  ask(message: Request): Promise<Reply>;
  /** The child's first message (sent once it is ready). */
  readonly ready: Promise<Reply>;
  /** Resolves once the child has exited (it is killed if it is still there after `graceMs`). */
  exit(graceMs?: number): Promise<void>;
}

/** tsx must load the child too; when the parent runs under tsx its flags are inherited as they are. */
const tsxFlags = (): string[] => (process.execArgv.some((flag) => flag.includes('tsx')) ? process.execArgv : ['--import', 'tsx']);

export function forkChild<Request, Reply>(moduleUrl: URL, config: unknown): Child<Request, Reply> {
  const child: ChildProcess = fork(fileURLToPath(moduleUrl), [JSON.stringify(config)], {
    execArgv: tsxFlags(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: unknown): void => {
        cleanup();
        resolve(message as Reply);
      };
      const onExit = (code: number | null): void => {
        cleanup();
        reject(new Error(`${moduleUrl.pathname} exited (code ${code}) before answering`));
      };
      const cleanup = (): void => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next();
  ready.catch(() => undefined);
  return {
    ready,
    async ask(message) {
      await ready;
      const reply = next();
      child.send(message as object);
      return reply;
    },
    async exit(graceMs = 5_000) {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** In the child: its config (the first argument) and a way to answer the parent. */
export function childConfig<T>(): T {
  const raw = process.argv[2];
  if (raw === undefined || !process.send) throw new Error('this module runs as a bench child (forkChild)');
  return JSON.parse(raw) as T;
}

export function sendToParent(message: unknown): Promise<void> {
  return new Promise((resolve, reject) => process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())));
}

/** Calls `handle` for each message from the parent, one at a time; a thrown error is reported, then the child exits. */
export function onParentMessage<T>(handle: (message: T) => Promise<void>): void {
  let queue = Promise.resolve();
  process.on('message', (message) => {
    queue = queue
      .then(() => handle(message as T))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
