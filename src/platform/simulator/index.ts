/** The platform simulator: a local HTTP server implementing the platform contract, for tests and local mode. */
export { startSimulator } from './simulator.js';
export { simulatorKeyId } from './auth.js';
export { expectedChatAnswer, type ChatAnswerContext, type ChatOperationId } from './expected.js';
export { chatAnswer, type ChatFlavor } from './content/chat.js';
export { lineDrawingPng } from './content/png.js';
export type { Fault, RecordedRequest, RunningSimulator, SimulatorOptions } from './types.js';
