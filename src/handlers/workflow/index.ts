/**
 * The workflow machinery: define steps declaratively, get a Handler with buttons, forms, durable waits and Retry.
 *
 *   types.ts     how a workflow declares itself (steps: poll, review, then; sends; forms; selects)
 *   handler.ts   a definition as a Handler;  command.ts: the commands' shared prologue (refusals, parent message)
 *   engine/      the state machine (machine.ts: enter → poll → review/proceed → done; send.ts, failed.ts, resume.ts) and its waits
 *   clicks/      judging clicks and form submissions against the record (values, permission, Confirm, Retry)
 *   record/      what it keeps: the flow in the thread record, locks and leases, this process's memory
 *
 * Capabilities import this file only.
 */
export * from './types.js';
export { workflowHandler, type WorkflowHandlerSpec } from './handler.js';
export { answerCommand, nothingSent, parentMessage, refuseCommand, usageLine, type UsageText } from './command.js';
export { resumeRecord } from './engine/resume.js';
export { startWorkflow, type StartRequest } from './engine/start.js';
export { confirmOutside } from './clicks/confirm.js';
export { encodeValue, decodeValue, judgeValue, type StepValue, type Verdict } from './clicks/values.js';
export { mayAct, notAllowedNote } from './clicks/permission.js';
export { flowOf, dataOf, seqOf, type FlowState, type Phase, type Pending } from './record/flow.js';
export { isWaitRunning } from './record/registry.js';
export { limitReached } from './limits.js';
