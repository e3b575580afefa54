/** The console (terminal) adapter: `createConsoleAdapter`, its option and session types, the default session file, wrapping for the terminal. */
export { createConsoleAdapter, CONSOLE_LIMITS } from './console-adapter.js';
export { createSessionFile } from './session-file.js';
export { consoleUsage } from './input.js';
export { wrapForOutput } from './text-width.js';
export type { ConsoleAdapter, ConsoleAdapterOptions, ConsoleSessions, ConsoleSessionStore, ConsoleThread } from './types.js';
