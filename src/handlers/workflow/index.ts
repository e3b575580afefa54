/** The workflow machinery: define steps declaratively, get a Handler with buttons, forms, durable waits and Retry. */
export * from './types.js';
export { workflowHandler, resumeRecord, type WorkflowHandlerSpec } from './handler.js';
export { startWorkflow, type StartRequest } from './start.js';
export { encodeValue, decodeValue, judgeValue, type StepValue, type Verdict } from './values.js';
export { mayAct } from './permission.js';
export { flowOf, dataOf, type FlowState, type Phase, type Pending } from './flow.js';
export { isWaitRunning } from './registry.js';
