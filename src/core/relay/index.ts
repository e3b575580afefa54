/** The stream relay: a stream of text deltas shown as edits of one chat message, within the platform's limits. */
export { StreamRelay } from './stream-relay.js';
export { defaultRender, emptyAnswer, interruptedNote, markInterrupted } from './compose.js';
export type { RelayOptions, RelayRequest, RelayResult, RelayStatus, RenderFn, RenderState } from './types.js';
