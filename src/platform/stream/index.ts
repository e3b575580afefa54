/** Platform event streams: SSE bytes in, typed events out (see platform-stream.ts for the abort rules). */
export { createPlatformStream, PlatformStream, type OpenStreamInit } from './platform-stream.js';
export { collectEvents, textDeltas, type StreamResult, type StreamSession } from './collect.js';
export type { PlatformReference, StreamEvent, Usage } from '../events.js';
